import AdResolution

/// Why the inspector did not start.
struct InspectorError: Error, Sendable {
    /// What went wrong and what to do, for a person.
    let message: String

    /// A host other than loopback without `--token`.
    static func exposedWithoutToken(_ host: String) -> InspectorError {
        InspectorError(
            message: "refusing to listen on \(host) without --token: other machines could use the inspector "
                + "(and fetch URLs from this one); give --token T, or listen on 127.0.0.1")
    }

    /// A FOLDER argument that is not a readable folder.
    static func notAFolder(_ path: String) -> InspectorError {
        InspectorError(message: "cannot serve \(FileName.shown(path)): not a readable folder")
    }
}
