#!/usr/bin/env python3
"""Generate a large, deterministic VAST 4.2 ad-pod document for parse benchmarks.

Usage: gen_pod.py OUTPUT_PATH [--ads N] [--seed S] [--legacy]

Default: 500 Ads (~4 MB). Every Ad is an <InLine> with AdSystem, Error,
2-3 Impressions, Pricing, AdServingId, AdTitle, Category, Description,
Advertiser, a Linear creative (Duration, ~8-10 Tracking, VideoClicks with
ClickThrough + ClickTracking, 3-4 MediaFiles, sometimes a Mezzanine and an Icon),
a companion creative (StaticResource / HTMLResource alternating), sometimes
AdVerifications, and Extensions. URLs are realistic (long query strings with
macros) and wrapped in CDATA. Output depends only on (ads, seed, legacy).

By default the pod is valid and close to clean (vastcheck validate: valid, a handful of
findings): the InLine children come in the 4.x schema's order, the companion Creative has its
UniversalAdId, macros in URLs are percent-encoded (%5BCACHEBUSTING%5D), no event is VAST 3's
"fullscreen", CompanionClickTracking has its id and pxratio is 1. --legacy writes the pod
bench-parse used before (byte for byte): invalid (companions without UniversalAdId) and with
about 11,000 findings, of which the parser keeps the first 1,000.
"""
import argparse
import random
import re
import sys

HOSTS = [
    "ads.example-adserver.com", "track.measure-co.net", "pixel.dsp-platform.io",
    "imp.ssp-exchange.com", "vid.cdn-delivery.net", "beacon.verify-svc.com",
    "log.analytics-hub.org", "click.brand-landing.com",
]
EVENTS = [
    "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile",
    "complete", "mute", "unmute", "pause", "resume", "skip", "fullscreen",
    "playerExpand", "playerCollapse", "progress", "closeLinear",
]
ADVERTISERS = ["Acme Motors", "Globex Beverages", "Initech Software",
               "Umbrella Pharma", "Soylent Foods", "Stark Outdoor", "Wayne Finance"]
CATEGORIES = ["IAB2-3", "IAB8-5", "IAB19-18", "IAB13-7", "IAB1-6", "IAB17-20"]
WORDS = ("spring summer sale new model drive taste bright fresh fast secure "
         "premium family adventure weekend limited offer discover smarter "
         "better stronger together").split()


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def hexid(self, n=16):
        return "".join(self.r.choice("0123456789abcdef") for _ in range(n))

    def uuid(self):
        h = self.hexid(32)
        return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-a{h[17:20]}-{h[20:]}"

    def url(self, path, ad, extra=0):
        host = self.r.choice(HOSTS)
        q = [
            f"adid={ad}", f"cb=[CACHEBUSTING]", f"ts=[TIMESTAMP]",
            f"sid={self.hexid(12)}", f"pl=[PLAYERSIZE]", f"ip=[IPADDRESS]",
            f"ua=[DEVICEUA]", f"dom=[DOMAIN]", f"gdpr=[GDPRCONSENT]",
            f"us_privacy=[REGULATIONS]", f"bid={self.r.randint(100, 99999) / 100:.2f}",
        ]
        q += [f"k{i}={self.hexid(8)}" for i in range(extra)]
        self.r.shuffle(q)
        n = self.r.randint(6, len(q))
        return f"https://{host}/{path}?" + "&".join(q[:n])

    def sentence(self, lo, hi):
        return " ".join(self.r.choice(WORDS) for _ in range(self.r.randint(lo, hi))).capitalize()


def cdata(s):
    return f"<![CDATA[{s}]]>"


# The VAST 4.x schema's order of InLine children (VASTSpecRules.childOrder).
INLINE_ORDER = ["AdSystem", "Error", "Extensions", "Impression", "Pricing", "ViewableImpression", "AdServingId",
                "AdTitle", "AdVerifications", "Advertiser", "Category", "Creatives", "Description", "Expires",
                "Survey"]


def valid(ad_lines, ad, adv):
    """One generated ad made valid and close to clean (see the module's text)."""
    text = "".join(ad_lines)
    text = text.replace(f'<Creative id="cr-{ad}-2" sequence="1" adId="{ad}">\n',
                        f'<Creative id="cr-{ad}-2" sequence="1" adId="{ad}">\n'
                        f'          <UniversalAdId idRegistry="Ad-ID">{adv[:4].upper()}C{ad}</UniversalAdId>\n')
    text = re.sub(r"\[([A-Z_]+)\]", r"%5B\1%5D", text)
    text = text.replace('event="fullscreen"', 'event="playerExpand"')
    text = text.replace("<CompanionClickTracking>", f'<CompanionClickTracking id="cct-{ad}">')
    text = text.replace('pxratio="1000"', 'pxratio="1"')
    lines = text.splitlines(keepends=True)
    head, body, tail = lines[:2], lines[2:-2], lines[-2:]
    blocks = []
    for line in body:  # InLine's children start at six spaces of indent
        if line.startswith("      <") and not line.startswith("       ") and not line.startswith("      </"):
            blocks.append([line])
        else:
            blocks[-1].append(line)
    name = lambda block: re.match(r"\s*<(\w+)", block[0]).group(1)
    blocks.sort(key=lambda block: INLINE_ORDER.index(name(block)))
    return "".join(head + [line for block in blocks for line in block] + tail)


def gen_ad(g, i, out, legacy=True):
    r = g.r
    ad = 100000 + i
    adv = r.choice(ADVERTISERS)
    lines = []
    w = lines.append
    w(f'  <Ad id="{ad}" sequence="{i + 1}" adType="video">\n')
    w("    <InLine>\n")
    w(f'      <AdSystem version="{r.randint(1, 9)}.{r.randint(0, 9)}">ExampleAdServer</AdSystem>\n')
    w(f"      <Error>{cdata(g.url('error', ad) + '&err=[ERRORCODE]')}</Error>\n")
    for k in range(r.randint(2, 3)):
        w(f'      <Impression id="imp-{ad}-{k}">{cdata(g.url("impression", ad, 2))}</Impression>\n')
    w(f'      <Pricing model="cpm" currency="USD">{cdata(f"{r.randint(100, 4000) / 100:.2f}")}</Pricing>\n')
    w(f"      <AdServingId>{g.uuid()}</AdServingId>\n")
    w(f"      <AdTitle>{cdata(adv + ' - ' + g.sentence(2, 5))}</AdTitle>\n")
    w(f'      <Category authority="https://iabtechlab.com">{r.choice(CATEGORIES)}</Category>\n')
    w(f"      <Description>{cdata(g.sentence(8, 20) + '.')}</Description>\n")
    w(f'      <Advertiser id="adv-{ADVERTISERS.index(adv)}">{esc(adv)}</Advertiser>\n')
    w("      <Creatives>\n")

    # Linear creative
    dur = r.choice([6, 15, 15, 30, 30, 30])
    w(f'        <Creative id="cr-{ad}-1" sequence="1" adId="{ad}">\n')
    w(f'          <UniversalAdId idRegistry="Ad-ID">{adv[:4].upper()}{r.randint(1000000, 9999999)}H</UniversalAdId>\n')
    skip = r.random() < 0.3
    w('          <Linear skipoffset="00:00:05">\n' if skip else "          <Linear>\n")
    w(f"            <Duration>00:00:{dur:02d}.000</Duration>\n")
    w("            <TrackingEvents>\n")
    events = ["creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]
    events += r.sample([e for e in EVENTS if e not in events], r.randint(2, 4))
    for ev in events:
        off = ' offset="00:00:05"' if ev == "progress" else ""
        w(f'              <Tracking event="{ev}"{off}>{cdata(g.url("ev/" + ev, ad))}</Tracking>\n')
    w("            </TrackingEvents>\n")
    w("            <VideoClicks>\n")
    w(f'              <ClickThrough id="ct-{ad}">{cdata(g.url("landing", ad, 1))}</ClickThrough>\n')
    for k in range(r.randint(1, 2)):
        w(f'              <ClickTracking id="clk-{ad}-{k}">{cdata(g.url("click", ad))}</ClickTracking>\n')
    w("            </VideoClicks>\n")
    w("            <MediaFiles>\n")
    renditions = [(1920, 1080, 4500), (1280, 720, 2500), (854, 480, 1200), (640, 360, 700)]
    for k, (mw, mh, br) in enumerate(renditions[: r.randint(3, 4)]):
        typ, codec = r.choice([("video/mp4", "avc1.4d401f"), ("video/webm", "vp9")])
        ext = "mp4" if typ == "video/mp4" else "webm"
        w(f'              <MediaFile id="mf-{ad}-{k}" delivery="progressive" type="{typ}" '
          f'width="{mw}" height="{mh}" bitrate="{br}" minBitrate="{br * 8 // 10}" '
          f'maxBitrate="{br * 12 // 10}" scalable="true" maintainAspectRatio="true" codec="{codec}">'
          f'{cdata(f"https://vid.cdn-delivery.net/creatives/{g.hexid(24)}/{mh}p_{br}k.{ext}")}</MediaFile>\n')
    if r.random() < 0.4:
        w(f'              <Mezzanine delivery="progressive" type="video/mp4" width="1920" height="1080" '
          f'codec="prores" fileSize="{r.randint(50_000_000, 300_000_000)}">'
          f'{cdata(f"https://vid.cdn-delivery.net/mezz/{g.hexid(24)}/master.mov")}</Mezzanine>\n')
    w("            </MediaFiles>\n")
    if r.random() < 0.3:
        w("            <Icons>\n")
        w('              <Icon program="AdChoices" width="77" height="15" xPosition="right" '
          'yPosition="top" duration="00:00:10" offset="00:00:00">\n')
        w(f'                <StaticResource creativeType="image/png">{cdata("https://ads.example-adserver.com/static/adchoices.png")}</StaticResource>\n')
        w("                <IconClicks>\n")
        w(f"                  <IconClickThrough>{cdata('https://ads.example-adserver.com/adchoices?adid=' + str(ad))}</IconClickThrough>\n")
        w("                </IconClicks>\n")
        w(f"                <IconViewTracking>{cdata(g.url('icon/view', ad))}</IconViewTracking>\n")
        w("              </Icon>\n")
        w("            </Icons>\n")
    w("          </Linear>\n")
    w("        </Creative>\n")

    # Companion creative
    cw, ch = r.choice([(300, 250), (728, 90), (300, 600), (160, 600)])
    w(f'        <Creative id="cr-{ad}-2" sequence="1" adId="{ad}">\n')
    w(f'          <CompanionAds required="{r.choice(["all", "any", "none"])}">\n')
    w(f'            <Companion id="comp-{ad}" width="{cw}" height="{ch}" assetWidth="{cw}" '
      f'assetHeight="{ch}" adSlotId="slot-{r.randint(1, 9)}" pxratio="1000">\n')
    if i % 2 == 0:
        w(f'              <StaticResource creativeType="image/jpeg">'
          f'{cdata(f"https://vid.cdn-delivery.net/companions/{g.hexid(20)}_{cw}x{ch}.jpg")}</StaticResource>\n')
    else:
        html = (f'<div class="ad" style="width:{cw}px;height:{ch}px"><a href="'
                f'{g.url("companion/click", ad)}"><img src="https://vid.cdn-delivery.net/'
                f'companions/{g.hexid(20)}.png" alt="{esc(adv)}"/></a></div>')
        w(f"              <HTMLResource>{cdata(html)}</HTMLResource>\n")
    w("              <TrackingEvents>\n")
    w(f'                <Tracking event="creativeView">{cdata(g.url("companion/view", ad))}</Tracking>\n')
    w("              </TrackingEvents>\n")
    w(f"              <CompanionClickThrough>{cdata(g.url('companion/landing', ad, 1))}</CompanionClickThrough>\n")
    w(f"              <CompanionClickTracking>{cdata(g.url('companion/click', ad))}</CompanionClickTracking>\n")
    w("            </Companion>\n")
    w("          </CompanionAds>\n")
    w("        </Creative>\n")
    w("      </Creatives>\n")

    if r.random() < 0.35:
        w("      <AdVerifications>\n")
        w('        <Verification vendor="measure-co.net-omid">\n')
        w(f'          <JavaScriptResource apiFramework="omid" browserOptional="true">'
          f'{cdata("https://beacon.verify-svc.com/omid/v3/verify.js")}</JavaScriptResource>\n')
        params = '{"pid":"' + g.hexid(10) + '","adid":' + str(ad) + "}"
        w(f"          <VerificationParameters>{cdata(params)}</VerificationParameters>\n")
        w("          <TrackingEvents>\n")
        w(f'            <Tracking event="verificationNotExecuted">{cdata(g.url("verify/notexec", ad) + "&reason=[REASON]")}</Tracking>\n')
        w("          </TrackingEvents>\n")
        w("        </Verification>\n")
        w("      </AdVerifications>\n")

    w("      <Extensions>\n")
    w(f'        <Extension type="waterfall"><Ordinal>{r.randint(1, 12)}</Ordinal></Extension>\n')
    w(f'        <Extension type="DSP"><Seat id="{g.hexid(6)}" deal="{g.hexid(10)}"/></Extension>\n')
    w("      </Extensions>\n")
    w("    </InLine>\n")
    w("  </Ad>\n")
    out.append("".join(lines) if legacy else valid(lines, ad, adv))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("output")
    ap.add_argument("--ads", type=int, default=500)
    ap.add_argument("--seed", type=int, default=20240601)
    ap.add_argument("--legacy", action="store_true",
                    help="the pod bench-parse used before issue 14: invalid, about 11,000 findings")
    a = ap.parse_args(argv)
    g = Gen(a.seed)
    out = ['<?xml version="1.0" encoding="UTF-8"?>\n',
           '<VAST version="4.2" xmlns="http://www.iab.com/VAST">\n']
    for i in range(a.ads):
        gen_ad(g, i, out, a.legacy)
    out.append("</VAST>\n")
    data = "".join(out).encode("utf-8")
    with open(a.output, "wb") as f:
        f.write(data)
    print(f"gen_pod: wrote {a.output} ({len(data)} bytes, {a.ads} ads, seed {a.seed})", file=sys.stderr)


if __name__ == "__main__":
    main()
