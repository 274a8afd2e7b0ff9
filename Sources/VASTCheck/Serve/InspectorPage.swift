/// The inspector's HTML pages: static markup only. Every value from a document is put in by /app.js with
/// `textContent`, never as markup, and the Content-Security-Policy allows no inline script.
enum InspectorPage {
    /// A whole page: the CSRF token in its meta tag (when the page posts), /app.css and /app.js.
    static func document(title: String, csrfToken: String?, body: String) -> String {
        let meta = csrfToken.map { "<meta name=\"csrf-token\" content=\"\(HTML.escape($0))\">\n" } ?? ""
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            \(meta)<title>\(HTML.escape(title))</title>
            <link rel="stylesheet" href="/app.css">
            <script src="/app.js" defer></script>
            </head>
            <body>
            <nav><a href="/">Inspector</a> <a href="/batch">Batch</a> <a href="/rules/">Rules</a></nav>
            \(body)
            </body>
            </html>

            """
    }

    /// `GET /`: paste a tag URL or XML, or drop a file; the verdict, findings, chain, tracking, media
    /// checks and the live preview with its beacon timeline.
    static func inspector(csrfToken: String) -> String {
        document(
            title: "vastcheck inspector", csrfToken: csrfToken,
            body: """
                <main id="inspector">
                <section id="input">
                <h1>vastcheck inspector</h1>
                <div id="drop" class="drop">
                <textarea id="source" rows="6" placeholder="Paste a tag URL or the VAST XML, or drop a file here"></textarea>
                </div>
                <p><input type="file" id="file" accept=".xml,text/xml,application/xml">
                <select id="files"><option value="">Served folders</option></select>
                <button id="check" type="button">Check</button> <span id="status" role="status"></span></p>
                </section>
                <section id="result" hidden>
                <h2>Verdict: <span id="verdict"></span></h2>
                <ul id="reasons"></ul>
                <h2>Findings</h2>
                <table id="findings"><thead><tr><th>Severity</th><th>Rule</th><th>Hop</th><th>Location</th>
                <th>Message</th></tr></thead><tbody></tbody></table>
                <h2>Wrapper chain</h2>
                <ul id="chain" class="tree"></ul>
                <h2>Tracking by event</h2>
                <table id="tracking"><thead><tr><th>Event</th><th>Hop</th><th>URL</th></tr></thead><tbody></tbody>
                </table>
                <h2>Media checks</h2>
                <ul id="media"></ul>
                </section>
                <section id="preview" hidden>
                <h2>Live preview: <span id="ad-title"></span></h2>
                <div class="stage">
                <video id="player" controls playsinline muted preload="auto"></video>
                <div id="companion"></div>
                </div>
                <p><button id="play" type="button">Play</button> <span id="session-status"></span></p>
                <p id="latency"></p>
                <h2>Beacon timeline</h2>
                <ol id="timeline"></ol>
                </section>
                </main>
                """)
    }

    /// `GET /batch`: tag URLs or a served folder, validated with a jobs limit; live progress, a sortable
    /// table, downloads.
    static func batch(csrfToken: String) -> String {
        document(
            title: "vastcheck batch", csrfToken: csrfToken,
            body: """
                <main id="batch">
                <h1>Batch</h1>
                <textarea id="batch-sources" rows="8" placeholder="Tag URLs, one per line"></textarea>
                <p><select id="batch-folder"><option value="">or a served folder</option></select>
                <label>Jobs <input id="batch-jobs" type="number" min="1" max="64" value="8"></label>
                <button id="batch-run" type="button">Validate</button></p>
                <progress id="batch-progress" max="100" value="0"></progress> <span id="batch-count"></span>
                <p id="batch-downloads" hidden><a id="download-json" download="vastcheck.json">JSON</a>
                <a id="download-junit" download="vastcheck.junit.xml">JUnit</a>
                <a id="download-sarif" download="vastcheck.sarif">SARIF</a></p>
                <table id="batch-table"><thead><tr><th data-key="index">#</th><th data-key="source">Source</th>
                <th data-key="verdict">Verdict</th><th data-key="reasons">Reasons</th></tr></thead><tbody></tbody></table>
                </main>
                """)
    }
}
