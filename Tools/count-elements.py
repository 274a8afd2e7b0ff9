#!/usr/bin/env python3
"""An independent count of VAST elements, for checking the Swift parser's counts.

Prints one JSON object: {path: {"ads", "creatives", "mediaFiles", "trackingEvents",
"impressions"}} for each readable XML file given (directories are walked for *.xml).
Counts are by local element name anywhere in the document, skipping the subtrees of
Extensions and CreativeExtensions, with Python's xml.etree (not libxml2).
"""
import json
import os
import sys
import xml.etree.ElementTree as ET

NAMES = {"Ad": "ads", "Creative": "creatives", "MediaFile": "mediaFiles", "Tracking": "trackingEvents",
         "Impression": "impressions"}
SKIPPED = {"Extensions", "CreativeExtensions"}


def local(tag):
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def count(element, totals):
    name = local(element.tag)
    if name in SKIPPED:
        return
    if name in NAMES:
        totals[NAMES[name]] += 1
    for child in element:
        count(child, totals)


def files(paths):
    for path in paths:
        if os.path.isdir(path):
            for folder, _, names in os.walk(path):
                for name in sorted(names):
                    if name.lower().endswith(".xml"):
                        yield os.path.join(folder, name)
        else:
            yield path


result = {}
for path in files(sys.argv[1:]):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError:
        continue
    totals = {key: 0 for key in NAMES.values()}
    count(root, totals)
    result[path] = totals
print(json.dumps(result))
