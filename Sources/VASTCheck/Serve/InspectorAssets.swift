/// The page's script and style, served as /app.js and /app.css: the Content-Security-Policy allows no
/// inline script or style, and nothing comes from a CDN (the page works offline).
enum InspectorAssets {
    /// /app.css.
    static let style = #"""
        body { font: 14px/1.45 system-ui, sans-serif; margin: 0 1.5em 2em; color: #1d2327; background: #fbfbfc; }
        nav { padding: .6em 0; border-bottom: 1px solid #ddd; margin-bottom: 1em; }
        nav a { margin-right: 1.2em; color: #2458b3; text-decoration: none; font-weight: 600; }
        h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 1.4em; }
        textarea { width: 100%; box-sizing: border-box; font: 12px/1.4 ui-monospace, monospace; }
        .drop.over textarea { outline: 3px dashed #2458b3; }
        button { padding: .35em 1em; }
        table { border-collapse: collapse; width: 100%; font-size: 13px; }
        th, td { border-bottom: 1px solid #e3e3e6; padding: .25em .5em; text-align: left; vertical-align: top; }
        th[data-key] { cursor: pointer; }
        td, .url { word-break: break-all; }
        .valid { color: #16794a; } .invalid, tr.error td:first-child { color: #b3261e; }
        tr.warning td:first-child { color: #9a6700; } tr.unreadable td { color: #7a2e8e; }
        #verdict { text-transform: uppercase; }
        .tree, .tree ul { list-style: none; padding-left: 1.2em; }
        .tree li { margin: .2em 0; } .tree .latency { color: #555; font-weight: 600; }
        .stage { display: flex; gap: 1em; align-items: flex-start; }
        #player { width: 480px; max-width: 60vw; background: #000; }
        #companion img { border: 1px solid #ccc; max-width: 320px; height: auto; }
        #timeline { font: 12px/1.5 ui-monospace, monospace; }
        #timeline .event { font-weight: 700; } #timeline .time, #timeline .latency { color: #666; }
        #timeline .result { color: #16794a; }
        progress { width: 60%; height: 1.2em; }
        main.rule pre { background: #f1f2f4; padding: .6em; overflow-x: auto; }
        """#

    /// /app.js: fills the pages with textContent only (see its first comment).
    static let script = #"""
        "use strict";
        // vastcheck serve: the inspector's and the batch page's script. Every value that comes from a document
        // or the server is put in the page with textContent or as an attribute set from a checked URL, never as
        // markup, so a hostile document cannot run script here (the Content-Security-Policy forbids inline
        // script too).

        function csrfToken() {
            const meta = document.querySelector("meta[name='csrf-token']");
            return meta ? meta.getAttribute("content") : "";
        }

        function post(path, body) {
            return fetch(path, {
                method: "POST", credentials: "same-origin",
                headers: { "Content-Type": "application/json", "X-CSRF-Token": csrfToken() },
                body: JSON.stringify(body)
            });
        }

        function element(tag, text, className) {
            const node = document.createElement(tag);
            if (text !== undefined && text !== null) { node.textContent = String(text); }
            if (className) { node.className = className; }
            return node;
        }

        function clear(node) {
            while (node.firstChild) { node.removeChild(node.firstChild); }
        }

        function webURL(text) {
            try {
                const url = new URL(String(text));
                return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
            } catch (error) {
                return null;
            }
        }

        function row(cells) {
            const tr = document.createElement("tr");
            for (const cell of cells) {
                const td = document.createElement("td");
                if (cell instanceof Node) { td.appendChild(cell); } else { td.textContent = String(cell); }
                tr.appendChild(td);
            }
            return tr;
        }

        // ---- Inspector -------------------------------------------------------------------------------------

        const inspector = {
            session: null, events: null, seq: 0, sentAt: new Map(), latencies: [], queue: Promise.resolve()
        };

        function setStatus(text) {
            document.getElementById("status").textContent = text;
        }

        async function checkSource() {
            const source = document.getElementById("source").value;
            if (!source.trim()) { setStatus("Paste a tag URL or XML first."); return; }
            setStatus("Checking…");
            try {
                const [validated, inspected] = await Promise.all([
                    post("/api/validate", { source: source }), post("/api/inspect", { source: source })
                ]);
                if (!validated.ok) { setStatus("Refused: " + validated.status + " " + await validated.text()); return; }
                showValidation(await validated.json());
                if (inspected.ok) { showInspection(await inspected.json()); }
                document.getElementById("result").hidden = false;
                setStatus("Checked.");
                await startPreview(source);
            } catch (error) {
                setStatus("Failed: " + error);
            }
        }

        function showValidation(report) {
            const documentReport = (report.documents || [])[0] || {};
            const verdict = document.getElementById("verdict");
            verdict.textContent = documentReport.valid ? "valid" : "invalid";
            verdict.className = documentReport.valid ? "valid" : "invalid";
            const reasons = document.getElementById("reasons");
            clear(reasons);
            if (documentReport.readError) { reasons.appendChild(element("li", documentReport.readError)); }
            if (documentReport.parseError) {
                const parseError = documentReport.parseError;
                reasons.appendChild(element("li", parseError.kind + ": " + parseError.message));
            }
            if (documentReport.chainError) {
                reasons.appendChild(element("li", JSON.stringify(documentReport.chainError)));
            }
            if (documentReport.errorCode) {
                reasons.appendChild(element("li", "VAST error " + documentReport.errorCode));
            }
            const findings = documentReport.findings || [];
            for (const finding of findings.filter(function (f) { return f.severity === "error"; })) {
                reasons.appendChild(element("li", finding.rule + ": " + finding.message));
            }
            const body = document.querySelector("#findings tbody");
            clear(body);
            for (const finding of findings) {
                const link = element("a", finding.rule);
                link.setAttribute("href", "/rules/" + encodeURIComponent(finding.rule));
                const hop = finding.hop === undefined ? "" : finding.hop;
                const tr = row([finding.severity, link, hop, finding.location || "", finding.message]);
                tr.className = finding.severity;
                body.appendChild(tr);
            }
            if (findings.length === 0) { body.appendChild(row(["", "no findings", "", "", ""])); }
        }

        function showInspection(report) {
            const chain = document.getElementById("chain");
            clear(chain);
            let parent = chain;
            (report.chain || []).forEach(function (hop, index) {
                const item = element("li", "");
                item.appendChild(element("span", "hop " + index + " ", "hop"));
                item.appendChild(element("span", (hop.kind || hop.outcome || "") + " ", "kind"));
                item.appendChild(element("span", (hop.status === undefined ? "" : hop.status) + " ", "status"));
                item.appendChild(element("span", (hop.ms === undefined ? "?" : hop.ms) + " ms ", "latency"));
                item.appendChild(element("span", hop.url || "(the source)", "url"));
                parent.appendChild(item);
                const children = element("ul", null);
                item.appendChild(children);
                parent = children;
            });
            const body = document.querySelector("#tracking tbody");
            clear(body);
            const ad = report.ad || {};
            const groups = [["impression", ad.impressions || []]];
            for (const name of Object.keys(ad.tracking || {})) { groups.push([name, ad.tracking[name]]); }
            for (const [name, urls] of groups) {
                urls.forEach(function (entry, index) {
                    body.appendChild(row([index === 0 ? name : "", entry.hop, entry.url]));
                });
            }
            const media = document.getElementById("media");
            clear(media);
            if (report.media === undefined) {
                media.appendChild(element("li", "Media checks run for a tag URL (the media files are fetched)."));
            } else if (report.media.length === 0) {
                media.appendChild(element("li", "The media files passed every check."));
            } else {
                for (const finding of report.media) {
                    media.appendChild(element("li", finding.severity + " " + finding.rule + ": " + finding.message));
                }
            }
        }

        async function startPreview(source) {
            const response = await post("/api/session", { source: source });
            const preview = document.getElementById("preview");
            if (!response.ok) {
                let reason = await response.text();
                try { reason = JSON.parse(reason).error || reason; } catch (error) { /* plain text */ }
                document.getElementById("session-status").textContent = "No preview: " + reason;
                preview.hidden = false;
                return;
            }
            const session = await response.json();
            if (inspector.events) { inspector.events.close(); }
            inspector.session = session.session;
            inspector.seq = 0;
            inspector.sentAt = new Map();
            inspector.latencies = [];
            clear(document.getElementById("timeline"));
            document.getElementById("latency").textContent = "";
            document.getElementById("ad-title").textContent = session.adTitle || "";
            const player = document.getElementById("player");
            const media = webURL(session.mediaFile.url);
            if (media) { player.setAttribute("src", media); } else { player.removeAttribute("src"); }
            showCompanions(session.companions || []);
            inspector.events = new EventSource("/api/events?session=" + encodeURIComponent(session.session));
            inspector.events.addEventListener("beacon", function (message) { showBeacon(JSON.parse(message.data)); });
            inspector.events.addEventListener("delivery", function (message) {
                showDelivery(JSON.parse(message.data));
            });
            document.getElementById("session-status").textContent = "Ready: press Play.";
            preview.hidden = false;
        }

        function showCompanions(companions) {
            const holder = document.getElementById("companion");
            clear(holder);
            for (const companion of companions) {
                const image = companion.image ? webURL(companion.image) : null;
                if (!image) { continue; }
                const link = document.createElement("a");
                const target = companion.clickThrough ? webURL(companion.clickThrough) : null;
                if (target) { link.setAttribute("href", target); }
                link.setAttribute("target", "_blank");
                link.setAttribute("rel", "noopener noreferrer");
                const img = document.createElement("img");
                img.setAttribute("alt", "companion banner");
                if (companion.width) { img.setAttribute("width", String(companion.width)); }
                if (companion.height) { img.setAttribute("height", String(companion.height)); }
                img.addEventListener("load", function () { report("companionView", { companion: companion.index }); });
                img.setAttribute("src", image);
                link.addEventListener("click", function () {
                    report("companionClick", { companion: companion.index });
                });
                link.appendChild(img);
                holder.appendChild(link);
            }
        }

        function report(type, extra) {
            if (!inspector.session) { return; }
            const player = document.getElementById("player");
            const seq = ++inspector.seq;
            const body = {
                session: inspector.session, seq: seq, type: type, position: player.currentTime,
                duration: isFinite(player.duration) ? player.duration : 0, muted: player.muted,
                fullscreen: document.fullscreenElement === player, ended: player.ended,
                code: player.error ? player.error.code : 0
            };
            Object.assign(body, extra || {});
            inspector.sentAt.set(seq, performance.now());
            // One at a time, in order: the session must see the player's events as the player had them.
            inspector.queue = inspector.queue.then(function () {
                return post("/api/session/event", body).catch(function () { return null; });
            });
        }

        function showBeacon(beacon) {
            const item = element("li", "", "beacon");
            item.setAttribute("data-event", beacon.event);
            item.setAttribute("data-seq", String(beacon.seq));
            const sent = inspector.sentAt.get(beacon.cause);
            const latency = sent === undefined ? null : Math.round(performance.now() - sent);
            if (latency !== null) {
                inspector.latencies.push(latency);
                item.setAttribute("data-latency", String(latency));
            }
            item.appendChild(element("span", "+" + beacon.ms + " ms ", "time"));
            item.appendChild(element("span", beacon.event + (beacon.offset ? "@" + beacon.offset : "") + " ", "event"));
            item.appendChild(element("span", "hop " + beacon.hop + " ", "hop"));
            item.appendChild(element("span", beacon.result + " ", "result"));
            if (latency !== null) { item.appendChild(element("span", latency + " ms after the player ", "latency")); }
            item.appendChild(element("span", beacon.url, "url"));
            document.getElementById("timeline").appendChild(item);
            const sorted = inspector.latencies.slice().sort(function (a, b) { return a - b; });
            const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2]
                : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
            const summary = document.getElementById("latency");
            summary.setAttribute("data-median", String(median));
            summary.setAttribute("data-count", String(sorted.length));
            summary.textContent = "Median from the player's event to the beacon shown: " + median + " ms over "
                + sorted.length + " beacons.";
        }

        function showDelivery(delivery) {
            const item = document.querySelector("#timeline li[data-seq='" + Number(delivery.seq) + "'] .result");
            if (item) { item.textContent = delivery.result + " "; }
        }

        function readFile(file) {
            if (!file) { return; }
            file.text().then(function (text) { document.getElementById("source").value = text; checkSource(); });
        }

        async function listFiles() {
            const select = document.getElementById("files");
            const response = await fetch("/api/files", { credentials: "same-origin" });
            if (!response.ok) { return; }
            const listing = await response.json();
            for (const file of listing.files) {
                const option = element("option", file.name);
                option.value = JSON.stringify([file.folder, file.path]);
                select.appendChild(option);
            }
            select.hidden = listing.files.length === 0;
        }

        function initInspector() {
            document.getElementById("check").addEventListener("click", checkSource);
            document.getElementById("file").addEventListener("change", function (event) {
                readFile(event.target.files[0]);
            });
            const drop = document.getElementById("drop");
            drop.addEventListener("dragover", function (event) { event.preventDefault(); drop.classList.add("over"); });
            drop.addEventListener("dragleave", function () { drop.classList.remove("over"); });
            drop.addEventListener("drop", function (event) {
                event.preventDefault();
                drop.classList.remove("over");
                readFile(event.dataTransfer.files[0]);
            });
            document.getElementById("files").addEventListener("change", async function (event) {
                if (!event.target.value) { return; }
                const [folder, path] = JSON.parse(event.target.value);
                const response = await fetch("/api/file?folder=" + folder + "&path=" + encodeURIComponent(path));
                if (response.ok) {
                    document.getElementById("source").value = await response.text();
                    checkSource();
                }
            });
            const player = document.getElementById("player");
            for (const type of ["play", "timeupdate", "progress", "pause", "volumechange", "ended", "error"]) {
                player.addEventListener(type, function () { report(type); });
            }
            player.addEventListener("click", function (event) {
                report("click", { x: Math.round(event.offsetX), y: Math.round(event.offsetY) });
            });
            document.addEventListener("fullscreenchange", function () { report("fullscreenchange"); });
            document.getElementById("play").addEventListener("click", function () { player.play(); });
            player.addEventListener("ended", function () {
                document.getElementById("session-status").textContent = "Played to the end.";
            });
            listFiles();
        }

        // ---- Batch -----------------------------------------------------------------------------------------

        const batch = { rows: [], sortKey: "index", ascending: true, events: null };

        function renderBatchTable() {
            const body = document.querySelector("#batch-table tbody");
            clear(body);
            const key = batch.sortKey;
            const sorted = batch.rows.slice().sort(function (a, b) {
                const left = key === "reasons" ? a.reasons.join("; ") : a[key];
                const right = key === "reasons" ? b.reasons.join("; ") : b[key];
                const order = left < right ? -1 : left > right ? 1 : 0;
                return batch.ascending ? order : -order;
            });
            for (const entry of sorted) {
                const tr = row([entry.index + 1, entry.source, entry.verdict, entry.reasons.join("; ")]);
                tr.className = entry.verdict;
                body.appendChild(tr);
            }
        }

        async function runBatch() {
            const lines = document.getElementById("batch-sources").value.split("\n")
                .map(function (line) { return line.trim(); }).filter(function (line) { return line.length > 0; });
            const folder = document.getElementById("batch-folder").value;
            const jobs = Number(document.getElementById("batch-jobs").value) || 8;
            const request = folder ? { folder: Number(folder), jobs: jobs } : { sources: lines, jobs: jobs };
            const response = await post("/api/batch", request);
            const count = document.getElementById("batch-count");
            if (!response.ok) { count.textContent = "Refused: " + await response.text(); return; }
            const started = await response.json();
            batch.rows = [];
            renderBatchTable();
            const progress = document.getElementById("batch-progress");
            progress.value = 0;
            progress.setAttribute("data-done", "0");
            document.getElementById("batch-downloads").hidden = true;
            if (batch.events) { batch.events.close(); }
            batch.events = new EventSource("/api/batch/events?id=" + encodeURIComponent(started.id));
            batch.events.addEventListener("row", function (message) {
                batch.rows.push(JSON.parse(message.data));
                renderBatchTable();
            });
            batch.events.addEventListener("progress", function (message) {
                const state = JSON.parse(message.data);
                progress.value = state.total ? Math.round(100 * state.done / state.total) : 100;
                progress.setAttribute("data-done", String(state.done));
                count.textContent = state.done + " of " + state.total + " (" + progress.value + " %)";
            });
            batch.events.addEventListener("done", function () {
                batch.events.close();
                const base = "/api/batch/result?id=" + encodeURIComponent(started.id) + "&format=";
                document.getElementById("download-json").setAttribute("href", base + "json");
                document.getElementById("download-junit").setAttribute("href", base + "junit");
                document.getElementById("download-sarif").setAttribute("href", base + "sarif");
                document.getElementById("batch-downloads").hidden = false;
                progress.setAttribute("data-finished", "true");
            });
        }

        async function initBatch() {
            document.getElementById("batch-run").addEventListener("click", runBatch);
            for (const header of document.querySelectorAll("#batch-table th")) {
                header.addEventListener("click", function () {
                    const key = header.getAttribute("data-key");
                    batch.ascending = batch.sortKey === key ? !batch.ascending : true;
                    batch.sortKey = key;
                    renderBatchTable();
                });
            }
            const response = await fetch("/api/files", { credentials: "same-origin" });
            if (!response.ok) { return; }
            const listing = await response.json();
            const select = document.getElementById("batch-folder");
            const seen = new Set();
            for (const file of listing.files) {
                if (seen.has(file.folder)) { continue; }
                seen.add(file.folder);
                const option = element("option", file.name.slice(0, file.name.length - file.path.length - 1));
                option.value = String(file.folder);
                select.appendChild(option);
            }
        }

        document.addEventListener("DOMContentLoaded", function () {
            if (document.getElementById("inspector")) { initInspector(); }
            if (document.getElementById("batch")) { initBatch(); }
        });
        """#
}
