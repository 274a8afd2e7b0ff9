#!/usr/bin/env python3
"""An independent check of the parse references (Tests/Fixtures/parse-reference) against a second parser.

Usage: check-parse-reference.py DOCUMENTS REFERENCES

DOCUMENTS holds one file per reference, named as the reference without its `.txt` (ParseReferenceTests
writes them there); REFERENCES is Tests/Fixtures/parse-reference. Each document is read with Python's
xml.etree (expat, not libxml2), and the values it can read are compared with what the reference (a
Swift `dump` of the parse result) says:

- for a document the reference parsed: the VAST version, the number of ads and, per ad in order, its id,
  InLine or Wrapper, AdSystem, AdTitle, the Impression URLs, the Wrapper's VASTAdTagURI, the number of
  Creatives, per Linear its Duration (when it is plain HH:MM:SS[.mmm]), its MediaFile URLs, types,
  deliveries, widths and heights, and its Tracking events counted per event;
- for a document the reference refused with element counts: the Ad, Creative, MediaFile, Tracking and
  Impression elements counted by name outside Extensions and CreativeExtensions.

A document expat refuses is counted, with the reference's answer (which must then be a refusal too). Prints
one line per mismatch, then `parse-reference independent check: N files, M values, K mismatches` (and what
was not compared) and exits 1 when K > 0.
"""
import os
import re
import sys
import xml.etree.ElementTree as ET

LINE = re.compile(r"^( *)([▿▹-]) (.*)$")
LABELLED = re.compile(r"^([A-Za-z_][A-Za-z0-9_]*): (.*)$")


class Node:
    def __init__(self, label, value):
        self.label = label
        self.value = value
        self.children = []

    def child(self, label):
        for node in self.children:
            if node.label == label:
                return node
        return None

    def some(self):
        """The wrapped value of an Optional node (its `some` child), or None for nil."""
        if self.value == "nil":
            return None
        inner = self.child("some")
        return inner if inner is not None else self


def unescape(text):
    """A Swift string literal as `dump` writes it, without its quotes, decoded."""
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            n = text[i + 1]
            if n == "u" and text[i + 2:i + 3] == "{":
                end = text.index("}", i)
                out.append(chr(int(text[i + 3:end], 16)))
                i = end + 1
                continue
            out.append({"n": "\n", "r": "\r", "t": "\t", "0": "\0", "\"": "\"", "'": "'", "\\": "\\"}.get(n, n))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def string(node):
    if node is None or node.value == "nil":
        return None
    value = node.value
    if value.startswith('"') and value.endswith('"'):
        return unescape(value[1:-1])
    return value


def dump_tree(text):
    root = Node(None, None)
    stack = [(-1, root)]
    for line in text.split("\n"):
        match = LINE.match(line)
        if not match:
            if stack and len(stack) > 1 and line:
                # A string value that spans lines cannot occur (dump escapes newlines); keep going.
                pass
            continue
        indent = len(match.group(1))
        body = match.group(3)
        labelled = LABELLED.match(body)
        node = Node(labelled.group(1), labelled.group(2)) if labelled else Node(None, body)
        while stack[-1][0] >= indent:
            stack.pop()
        stack[-1][1].children.append(node)
        stack.append((indent, node))
    return root.children[0] if root.children else None


def local(tag):
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def kids(element, name):
    return [child for child in element if local(child.tag) == name]


def kid(element, name):
    found = kids(element, name)
    return found[0] if found else None


def text(element):
    if element is None:
        return None
    value = "".join(element.itertext()).strip()
    return value or None


TIME = re.compile(r"^(\d{2}):(\d{2}):(\d{2})(?:\.(\d{3}))?$")


def milliseconds(value):
    match = TIME.match(value or "")
    if not match:
        return None
    hours, minutes, seconds, millis = match.groups()
    if int(minutes) > 59 or int(seconds) > 59:
        return None
    return ((int(hours) * 60 + int(minutes)) * 60 + int(seconds)) * 1000 + int(millis or 0)


COUNTED = {"Ad": "ads", "Creative": "creatives", "MediaFile": "mediaFiles", "Tracking": "trackingEvents",
           "Impression": "impressions"}


def counts(element, totals):
    name = local(element.tag)
    if name in ("Extensions", "CreativeExtensions"):
        return
    if name in COUNTED:
        totals[COUNTED[name]] += 1
    for child in element:
        counts(child, totals)


class Checker:
    def __init__(self):
        self.values = 0
        self.mismatches = []

    def same(self, file, what, expected, reference):
        self.values += 1
        if expected != reference:
            self.mismatches.append(f"{file}: {what}: Python reads {expected!r}, the reference says {reference!r}")

    def document(self, file, root, result):
        doc = result.child("document")
        self.same(file, "version", root.get("version"), string(doc.child("version")))
        # An Ad with neither InLine nor Wrapper is reported and left out of the model.
        ads = [ad for ad in kids(root, "Ad") if kid(ad, "InLine") is not None or kid(ad, "Wrapper") is not None]
        dumped = [node for node in doc.child("ads").children]
        self.same(file, "ads", len(ads), len(dumped))
        for index, (ad, node) in enumerate(zip(ads, dumped)):
            self.ad(f"{file} ad {index}", ad, node)

    def ad(self, where, ad, node):
        id_node = node.child("id").some()
        self.same(where, "id", ad.get("id"), string(id_node) if id_node is not None else None)
        if kid(ad, "InLine") is not None and kid(ad, "Wrapper") is not None:
            # Both: ambiguous (ad.content-ambiguous); which one the model keeps is the parser's choice.
            return
        body = kid(ad, "InLine") if kid(ad, "InLine") is not None else kid(ad, "Wrapper")
        content = node.child("content")
        kind = content.children[0].label if content is not None and content.children else None
        self.same(where, "kind", {"InLine": "inLine", "Wrapper": "wrapper"}.get(local(body.tag)) if body is not None
                  else None, kind)
        if body is None or kind is None:
            return
        model = content.children[0]
        common = model.child("common")
        system = text(kid(body, "AdSystem"))
        if system is not None:
            dumped = common.child("adSystem").some()
            self.same(where, "AdSystem", system, string(dumped.child("name")) if dumped is not None else None)
        impressions = [text(element) or "" for element in kids(body, "Impression")]
        self.same(where, "Impression URLs", impressions,
                  [string(i.child("url")) for i in common.child("impressions").children])
        if kind == "inLine":
            title = text(kid(body, "AdTitle"))
            if title is not None:
                self.same(where, "AdTitle", title, string(model.child("adTitle").some()))
        else:
            uri = text(kid(body, "VASTAdTagURI"))
            if uri is not None:
                self.same(where, "VASTAdTagURI", uri, string(model.child("vastAdTagURI").some()))
        creatives_element = kid(body, "Creatives")
        creatives = kids(creatives_element, "Creative") if creatives_element is not None else []
        dumped = model.child("creatives").children
        self.same(where, "creatives", len(creatives), len(dumped))
        for index, (creative, cnode) in enumerate(zip(creatives, dumped)):
            linear = kid(creative, "Linear")
            kind_node = cnode.child("kind").some()
            if linear is None or kind_node is None or kind_node.child("linear") is None:
                continue
            self.linear(f"{where} creative {index}", linear, kind_node.child("linear"))

    def linear(self, where, linear, node):
        duration = milliseconds(text(kid(linear, "Duration")))
        if duration is not None:
            dumped = node.child("duration").some()
            self.same(where, "Duration ms", duration, int(dumped.child("milliseconds").value) if dumped else None)
        files_element = kid(linear, "MediaFiles")
        files = kids(files_element, "MediaFile") if files_element is not None else []
        dumped = node.child("mediaFiles").children
        self.same(where, "MediaFiles", len(files), len(dumped))
        if len(files) == len(dumped):
            for index, (element, fnode) in enumerate(zip(files, dumped)):
                at = f"{where} MediaFile {index}"
                self.same(at, "url", text(element) or "", string(fnode.child("url")))
                for attribute, label in (("type", "type"), ("delivery", "delivery")):
                    value = (element.get(attribute) or "").strip()
                    if value:
                        self.same(at, attribute, value, string(fnode.child(label).some()))
                for attribute in ("width", "height"):
                    value = (element.get(attribute) or "").strip()
                    if value.isdigit():
                        some = fnode.child(attribute).some()
                        self.same(at, attribute, int(value), int(some.value) if some is not None else None)
        events_element = kid(linear, "TrackingEvents")
        expected = {}
        for tracking in kids(events_element, "Tracking") if events_element is not None else []:
            name = tracking.get("event")
            expected[name] = expected.get(name, 0) + 1
        found = {}
        for event in node.child("trackingEvents").children:
            raw = event.child("event")
            name = string(raw.child("rawValue")) if raw is not None and raw.child("rawValue") else None
            name = name if name is not None else (raw.value if raw is not None else None)
            found[name] = found.get(name, 0) + 1
        # The model keeps only the events it knows; each of those must be counted exactly.
        for name, count in sorted(found.items(), key=lambda item: str(item[0])):
            self.same(where, f"Tracking event={name}", expected.get(name, 0), count)

    def refusal(self, file, root, result):
        dumped = result.child("counts")
        if dumped is None or dumped.value == "nil":
            return False
        some = dumped.some()
        totals = {name: 0 for name in COUNTED.values()}
        counts(root, totals)
        for name in ("ads", "creatives", "mediaFiles", "trackingEvents", "impressions"):
            self.same(file, f"count {name}", totals[name], int(some.child(name).value))
        return True


def main():
    documents, references = sys.argv[1], sys.argv[2]
    checker = Checker()
    files = 0
    unread = []
    refusals_without_counts = []
    digests = []
    for name in sorted(os.listdir(documents)):
        reference_path = os.path.join(references, name + ".txt")
        if not os.path.exists(reference_path):
            checker.mismatches.append(f"{name}: no reference file")
            continue
        with open(reference_path, encoding="utf-8") as handle:
            reference = handle.read()
        if not reference.startswith("▿") and not reference.startswith("-"):
            digests.append(name)
            continue
        result = dump_tree(reference)
        refused = not (result.value or "").startswith("VAST.VASTParseResult") and result.label is None \
            and (result.value or "").startswith("VAST error")
        with open(os.path.join(documents, name), "rb") as handle:
            data = handle.read()
        files += 1
        try:
            root = ET.fromstring(data)
        except (ET.ParseError, ValueError) as error:
            unread.append(name)
            checker.same(name, f"refused by both parsers (expat: {str(error)[:60]})", True, refused)
            continue
        if refused:
            if not checker.refusal(name, root, result):
                refusals_without_counts.append(name)
        else:
            checker.document(name, root, result)
    for line in checker.mismatches:
        print("mismatch: " + line)
    print(f"parse-reference independent check: {files} files, {checker.values} values, "
          f"{len(checker.mismatches)} mismatches ({len(unread)} refused by both parsers, "
          f"{len(refusals_without_counts)} refusals without counts, {len(digests)} kept as digests, not compared)")
    return 1 if checker.mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
