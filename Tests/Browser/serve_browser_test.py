#!/usr/bin/python3
"""Browser tests of `vastcheck serve` in headless Chromium, driven by Selenium (Debian's chromium,
chromium-driver and python3-selenium).

Started by Tests/ServeTests/ServeBrowserTests.swift (so they run in Tools/test), or by hand:
    /usr/bin/python3 Tests/Browser/serve_browser_test.py --vastcheck .build/debug/vastcheck \
        --screenshots docs/images

A small ad server (Python's http.server on 127.0.0.1, an ephemeral port) serves a two-hop tag (a Wrapper
and its InLine), a 3 s VP8 video made with ffmpeg, a companion banner, a hostile document and 50 tags
for the batch page. Scenarios:
  1. load the inspector, paste the wrapper's URL, play the video to its end: the timeline shows
     impression, start, firstQuartile, midpoint, thirdQuartile, complete (each once per hop), in order,
     and the built-in collector received exactly those requests; prints the median latency from the
     player's event to the beacon shown in the page;
  2. a document whose AdTitle holds <script> and an <img onerror>: nothing runs;
  3. the batch page on 50 tag URLs: the progress bar reaches 100 % and the table has 50 rows.
Prints one line per scenario ("ok NAME ...") and exits 0 when all pass, 1 otherwise.
"""

import argparse
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

EVENTS = ["start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]
EXPECTED = [name for name in ["impression"] + EVENTS for _ in range(2)]


def tracking(base, hop):
    lines = []
    for event in EVENTS:
        lines.append(f'<Tracking event="{event}"><![CDATA[{base}/beacon/{event}/hop{hop}]]></Tracking>')
    return "".join(lines)


def documents(base):
    wrapper = (
        '<VAST version="3.0"><Ad id="w"><Wrapper><AdSystem>loopback</AdSystem>'
        f'<VASTAdTagURI><![CDATA[{base}/inline.xml]]></VASTAdTagURI>'
        f'<Impression><![CDATA[{base}/beacon/impression/hop0]]></Impression>'
        '<Creatives><Creative><Linear><TrackingEvents>' + tracking(base, 0) +
        '</TrackingEvents></Linear></Creative></Creatives></Wrapper></Ad></VAST>')
    inline = (
        '<VAST version="3.0"><Ad id="i"><InLine><AdSystem>loopback</AdSystem><AdTitle>Loopback ad</AdTitle>'
        f'<Impression><![CDATA[{base}/beacon/impression/hop1]]></Impression>'
        '<Creatives><Creative id="c1"><Linear><Duration>00:00:03</Duration><TrackingEvents>' +
        tracking(base, 1) +
        f'</TrackingEvents><VideoClicks><ClickThrough><![CDATA[{base}/landing]]></ClickThrough></VideoClicks>'
        '<MediaFiles><MediaFile delivery="progressive" type="video/webm" width="320" height="180">'
        f'<![CDATA[{base}/ad.webm]]></MediaFile></MediaFiles></Linear></Creative>'
        '<Creative id="c2"><CompanionAds><Companion width="300" height="250">'
        f'<StaticResource creativeType="image/png"><![CDATA[{base}/banner.png]]></StaticResource>'
        f'<CompanionClickThrough><![CDATA[{base}/landing]]></CompanionClickThrough>'
        f'<CompanionClickTracking><![CDATA[{base}/beacon/companionClick/hop1]]></CompanionClickTracking>'
        '</Companion></CompanionAds></Creative></Creatives></InLine></Ad></VAST>')
    hostile = (
        '<VAST version="3.0"><Ad id="h"><InLine><AdSystem>x</AdSystem>'
        '<AdTitle><![CDATA[<script>window.__pwned=1;document.title="pwned"</script>'
        '<img src=x onerror="window.__pwned=2">]]></AdTitle>'
        f'<Impression><![CDATA[{base}/beacon/impression/hostile]]></Impression>'
        '<Creatives><Creative><Linear><Duration>00:00:03</Duration><MediaFiles>'
        '<MediaFile delivery="progressive" type="video/webm" width="320" height="180">'
        f'<![CDATA[{base}/ad.webm]]></MediaFile></MediaFiles></Linear></Creative></Creatives>'
        '</InLine></Ad></VAST>')
    return wrapper, inline, hostile


class AdServer(http.server.ThreadingHTTPServer):
    daemon_threads = True


def start_ad_server(video, banner):
    files = {}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            path = self.path.split("?")[0]
            if path in files:
                body, kind = files[path]
            elif path.startswith("/tag/") and not path.endswith("9.xml"):
                # Tags 9, 19, 29... are missing (404): the batch shows them invalid, with the reason.
                number = path[len("/tag/"):].split(".")[0]
                body = (f'<VAST version="3.0"><Ad id="t{number}"><InLine><AdSystem>b</AdSystem>'
                        f'<AdTitle>Tag {number}</AdTitle><Impression><![CDATA[{base}/i]]></Impression>'
                        '<Creatives><Creative><Linear><Duration>00:00:05</Duration><MediaFiles>'
                        '<MediaFile delivery="progressive" type="video/mp4" width="640" height="360">'
                        f'<![CDATA[{base}/m.mp4]]></MediaFile></MediaFiles></Linear></Creative>'
                        '</Creatives></InLine></Ad></VAST>').encode()
                kind = "application/xml"
            else:
                body, kind = b"not found", "text/plain"
                self.send_response(404)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Access-Control-Allow-Origin", "*")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = AdServer(("127.0.0.1", 0), Handler)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    wrapper, inline, hostile = documents(base)
    files["/wrapper.xml"] = (wrapper.encode(), "application/xml")
    files["/inline.xml"] = (inline.encode(), "application/xml")
    files["/hostile.xml"] = (hostile.encode(), "application/xml")
    files["/ad.webm"] = (video, "video/webm")
    files["/banner.png"] = (banner, "image/png")
    files["/landing"] = (b"<!DOCTYPE html><title>Landing</title>", "text/html")
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, base


def make_media(folder):
    """A 3 s VP8 video and a 300x250 PNG banner, made with ffmpeg."""
    video = os.path.join(folder, "ad.webm")
    subprocess.run(
        ["ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x180:rate=25", "-t", "3",
         "-c:v", "libvpx", "-b:v", "300k", "-pix_fmt", "yuv420p", "-f", "webm", video], check=True)
    banner = os.path.join(folder, "banner.png")
    subprocess.run(
        ["ffmpeg", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=300x250", "-frames:v", "1",
         banner], check=True)
    with open(video, "rb") as first, open(banner, "rb") as second:
        return first.read(), second.read()


def start_serve(vastcheck):
    process = subprocess.Popen([vastcheck, "serve"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    line = process.stdout.readline().decode().strip()
    prefix = "vastcheck serve: "
    if not line.startswith(prefix):
        process.kill()
        raise RuntimeError("vastcheck serve printed " + repr(line))
    return process, line[len(prefix):]


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--autoplay-policy=no-user-gesture-required", "--window-size=1280,1100",
                     "--no-first-run", "--disable-extensions", "--mute-audio",
                     # Nothing but loopback, even outside the tests' network namespace: no background
                     # services, every other host unresolvable, and any other request sent to a closed
                     # local port (Chromium never proxies loopback itself).
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-default-apps", "--disable-domain-reliability", "--no-default-browser-check",
                     "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
                     "--proxy-server=http://127.0.0.1:9"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def whole_page_screenshot(driver, path):
    driver.execute_script("window.scrollTo(0, 0);")
    height = driver.execute_script("return document.documentElement.scrollHeight;")
    driver.set_window_size(1280, min(4000, height + 120))
    driver.save_screenshot(path)
    driver.set_window_size(1280, 1100)


def timeline_events(driver):
    return [item.get_attribute("data-event") for item in driver.find_elements(By.CSS_SELECTOR, "#timeline li")]


def paste_and_check(driver, serve_url, source):
    driver.get(serve_url)
    area = driver.find_element(By.ID, "source")
    area.clear()
    driver.execute_script("arguments[0].value = arguments[1];", area, source)
    driver.find_element(By.ID, "check").click()
    WebDriverWait(driver, 30).until(
        lambda d: d.find_element(By.ID, "session-status").text.startswith(("Ready", "No preview")))


def scenario_play(driver, serve_url, base, screenshots):
    paste_and_check(driver, serve_url, base + "/wrapper.xml")
    assert driver.find_element(By.ID, "verdict").text.lower() == "valid", driver.find_element(By.ID, "verdict").text
    chain = driver.find_elements(By.CSS_SELECTOR, "#chain li")
    assert len(chain) == 2, f"chain has {len(chain)} hops"
    driver.find_element(By.ID, "play").click()
    WebDriverWait(driver, 40).until(lambda d: timeline_events(d).count("complete") == 2)
    time.sleep(0.5)
    events = timeline_events(driver)
    assert events == EXPECTED, f"timeline {events}"
    session = driver.execute_script("return inspector.session;")
    with urllib.request.urlopen(serve_url + "api/collector?session=" + session, timeout=10) as response:
        collected = json.load(response)["requests"]
    assert [request["event"] for request in collected] == EXPECTED, f"collector {collected}"
    shown = [item.find_element(By.CSS_SELECTOR, ".url").text
             for item in driver.find_elements(By.CSS_SELECTOR, "#timeline li")]
    assert [request["url"] for request in collected] == shown, "the collector's URLs differ from the timeline's"
    hops = [request["hop"] for request in collected]
    assert sorted(hops) == [0] * 6 + [1] * 6, f"hops {hops}"
    summary = driver.find_element(By.ID, "latency")
    median = summary.get_attribute("data-median")
    count = summary.get_attribute("data-count")
    if screenshots:
        whole_page_screenshot(driver, os.path.join(screenshots, "serve-inspector.png"))
    # The companion's click-through opens a new tab and fires its click tracking.
    handles = len(driver.window_handles)
    driver.find_element(By.CSS_SELECTOR, "#companion a").click()
    WebDriverWait(driver, 10).until(lambda d: "companionClickTracking" in timeline_events(d))
    WebDriverWait(driver, 10).until(lambda d: len(d.window_handles) == handles + 1)
    print(f"ok play: {' '.join(events)}; collector received the same {len(collected)} requests; "
          f"companion click tracked in a new tab")
    print(f"latency median_ms={median} beacons={count}")


def scenario_hostile(driver, serve_url, base):
    title = "vastcheck inspector"
    paste_and_check(driver, serve_url, base + "/hostile.xml")
    shown = driver.find_element(By.ID, "ad-title").text
    assert "<script>" in shown, f"the AdTitle is not shown as text: {shown!r}"
    with open(os.devnull, "w"):
        pass
    paste_and_check(driver, serve_url, urllib.request.urlopen(base + "/hostile.xml", timeout=10).read().decode())
    time.sleep(0.5)
    assert driver.execute_script("return window.__pwned;") is None, "the hostile script ran"
    assert driver.title == title, f"the title changed to {driver.title!r}"
    assert not driver.find_elements(By.CSS_SELECTOR, "#preview img[src='x'], #result img[src='x']")
    print("ok hostile: the AdTitle's <script> and <img onerror> stayed text")


def scenario_batch(driver, serve_url, base, screenshots):
    driver.get(serve_url + "batch")
    urls = "\n".join(f"{base}/tag/{number}.xml" for number in range(50))
    area = driver.find_element(By.ID, "batch-sources")
    driver.execute_script("arguments[0].value = arguments[1];", area, urls)
    driver.find_element(By.ID, "batch-run").click()
    progress = driver.find_element(By.ID, "batch-progress")
    WebDriverWait(driver, 60).until(lambda d: progress.get_attribute("data-finished") == "true")
    value = progress.get_attribute("value")
    rows = driver.find_elements(By.CSS_SELECTOR, "#batch-table tbody tr")
    assert value == "100", f"progress {value}"
    assert len(rows) == 50, f"{len(rows)} rows"
    json_link = driver.find_element(By.ID, "download-json").get_attribute("href")
    with urllib.request.urlopen(json_link, timeout=10) as response:
        downloaded = json.load(response)
    assert downloaded["summary"]["documents"] == 50, downloaded["summary"]
    for name in ["download-junit", "download-sarif"]:
        with urllib.request.urlopen(driver.find_element(By.ID, name).get_attribute("href"), timeout=10) as r:
            assert r.status == 200 and len(r.read()) > 0
    invalid = [row for row in rows if row.get_attribute("class") == "invalid"]
    assert len(invalid) == 5, f"{len(invalid)} invalid rows (tags 9, 19, 29, 39 and 49 are missing)"
    # Sorting: the # column descending, then by verdict (invalid first).
    number = driver.find_element(By.CSS_SELECTOR, "#batch-table th[data-key='index']")
    number.click()
    first = driver.find_element(By.CSS_SELECTOR, "#batch-table tbody tr td").text
    assert first == "50", f"sorted descending, the first row is {first}"
    driver.find_element(By.CSS_SELECTOR, "#batch-table th[data-key='verdict']").click()
    first_verdict = driver.find_elements(By.CSS_SELECTOR, "#batch-table tbody tr td")[2].text
    assert first_verdict == "invalid", f"sorted by verdict, the first row is {first_verdict}"
    if screenshots:
        driver.set_window_size(1280, 1100)
        driver.save_screenshot(os.path.join(screenshots, "serve-batch.png"))
    print(f"ok batch: progress {value} %, {len(rows)} rows ({len(invalid)} invalid), sorted, "
          "JSON, JUnit and SARIF downloaded")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--vastcheck", required=True)
    parser.add_argument("--screenshots")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        video, banner = make_media(folder)
        ad_server, base = start_ad_server(video, banner)
        serve, serve_url = start_serve(arguments.vastcheck)
        driver = None
        failed = False
        try:
            driver = browser()
            for name, run in [
                ("play", lambda: scenario_play(driver, serve_url, base, arguments.screenshots)),
                ("hostile", lambda: scenario_hostile(driver, serve_url, base)),
                ("batch", lambda: scenario_batch(driver, serve_url, base, arguments.screenshots)),
            ]:
                try:
                    run()
                except Exception as error:  # noqa: BLE001 - each scenario reports its own failure
                    failed = True
                    print(f"FAIL {name}: {error}")
                    if driver is not None:
                        for entry in driver.get_log("browser")[-10:]:
                            print("  console:", entry.get("message"))
        finally:
            if driver is not None:
                driver.quit()
            serve.terminate()
            serve.wait(timeout=10)
            ad_server.shutdown()
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
