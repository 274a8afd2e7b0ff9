extension ServeCommand {
    static let helpText = CommandHelp(
        positional: "[FOLDER...]",
        summary: """
            Starts a local web inspector and prints its address on the first line: vastcheck serve:
            http://HOST:PORT/. Paste a tag URL or its XML, or drop a file: the page shows the verdict and
            its reasons, the findings (each rule id links to its page), the wrapper chain with each hop's
            time, the merged tracking by event and hop, and the media checks of a tag URL. The live preview
            plays the chosen media file and drives a real ad session from the player's events; each beacon
            shows in a timeline as it fires. The batch page validates a list of tag URLs or a FOLDER's
            documents with a progress bar, and downloads the results as JSON, JUnit or SARIF. Runs until
            interrupted (Ctrl-C).
            """,
        arguments: """
              FOLDER              Folders whose *.xml documents the page may open (nothing else is read).
            """,
        notes: """
            The server listens on loopback unless --host says otherwise, and then only with --token. It
            refuses (403) a Host header that is not its address and an Origin that is not its own, and every
            POST without the page's CSRF token (X-CSRF-Token, from <meta name="csrf-token">); bodies over 4 MiB
            are refused (413), and more than 8 documents checked at once are refused (503). POST
            /api/validate with {"source": "<tag URL or XML>"} answers with the JSON of vastcheck validate
            --json. Routes and the security model: docs/serve.md.
            """,
        examples: [
            "vastcheck serve",
            "vastcheck serve --port 8080 vast-samples/",
            "vastcheck serve --host 0.0.0.0 --token \"$(openssl rand -hex 16)\" tags/",
        ],
        exitCodes: "0 stopped by SIGINT or SIGTERM, 2 the server could not start (the address is taken or not "
            + "loopback without --token, a FOLDER cannot be read), 64 usage error.")
}
