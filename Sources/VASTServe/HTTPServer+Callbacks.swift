internal import CMicroHTTPD
import FoundationEssentials

/// One request's state between libmicrohttpd's calls: the body read so far. Lives on its connection's
/// thread; retained through MHD's per-request pointer and released when the request completes.
private final class RequestState {
    var body: [UInt8] = []
    var tooLarge = false
    var answered = false
}

/// libmicrohttpd's access handler: called once with the headers, once per piece of body, then once more
/// with no body, when the request is answered.
let accessHandler: MHD_AccessHandlerCallback = {
    context, connection, url, method, _, uploadData, uploadSize, requestContext in
    guard let context, let connection, let requestContext, let uploadSize else { return MHD_Result.NO }
    let core = Unmanaged<ServerCore>.fromOpaque(context).takeUnretainedValue()
    let cap = core.configuration.maxBodyBytes
    guard let existing = requestContext.pointee else {
        let state = RequestState()
        requestContext.pointee = Unmanaged.passRetained(state).toOpaque()
        if let length = ad_mhd_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "Content-Length"),
            let declared = Int(String(cString: length)), declared > cap
        {
            state.answered = true
            return queue(.refused(413, "request body too large: the limit is \(cap) bytes"), on: connection, core)
        }
        return MHD_Result.YES
    }
    let state = Unmanaged<RequestState>.fromOpaque(existing).takeUnretainedValue()
    if uploadSize.pointee > 0 {
        let count = uploadSize.pointee
        uploadSize.pointee = 0
        guard !state.answered else { return MHD_Result.YES }
        if state.body.count + count > cap {
            // A chunked body past the cap: stop reading it and close the connection.
            state.tooLarge = true
            state.body = []
            return MHD_Result.NO
        }
        if let uploadData {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: count) {
                state.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
            }
        }
        return MHD_Result.YES
    }
    guard !state.answered else { return MHD_Result.YES }
    state.answered = true
    let request = ServerRequest(
        method: method.map { String(cString: $0) } ?? "GET",
        path: url.map { String(cString: $0) } ?? "/",
        query: values(of: connection, kind: MHD_ValueKind.GET_ARGUMENT_KIND, lowercased: false),
        headers: values(of: connection, kind: MHD_ValueKind.HEADER_KIND, lowercased: true),
        body: state.body)
    state.body = []
    return queue(core.answer(request), on: connection, core)
}

/// libmicrohttpd's "request completed": releases the request's state.
let requestCompleted: MHD_RequestCompletedCallback = { _, _, requestContext, _ in
    guard let requestContext, let state = requestContext.pointee else { return }
    Unmanaged<RequestState>.fromOpaque(state).release()
    requestContext.pointee = nil
}

/// The headers or query arguments of the request on `connection`.
private func values(of connection: OpaquePointer, kind: MHD_ValueKind, lowercased: Bool) -> [String: String] {
    final class Collected {
        var values: [String: String] = [:]
        let lowercased: Bool
        init(lowercased: Bool) { self.lowercased = lowercased }
    }
    let collected = Collected(lowercased: lowercased)
    _ = withExtendedLifetime(collected) {
        ad_mhd_get_connection_values(
            connection, kind,
            { context, _, key, value in
                guard let context, let key else { return MHD_Result.YES }
                let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                let name = String(cString: key)
                collected.values[collected.lowercased ? name.lowercased() : name] =
                    value.map { String(cString: $0) } ?? ""
                return MHD_Result.YES
            }, Unmanaged.passUnretained(collected).toOpaque())
    }
    return collected.values
}

/// Hands `response`, with the configuration's security headers, to libmicrohttpd.
private func queue(_ response: ServerResponse, on connection: OpaquePointer, _ core: ServerCore) -> MHD_Result {
    let created: OpaquePointer?
    switch response.body {
    case .bytes(let bytes):
        created = bytes.withUnsafeBytes { buffer in
            ad_mhd_response_copying(buffer.count, buffer.baseAddress)
        }
    case .events(let stream):
        core.opened(stream)
        let context = StreamContext(stream: stream, core: core)
        created = ad_mhd_create_response_from_callback(
            ad_mhd_size_unknown, 16 * 1024, readEvents, Unmanaged.passRetained(context).toOpaque(), freeEvents)
    }
    guard let created else { return MHD_Result.NO }
    defer { ad_mhd_destroy_response(created) }
    for header in core.configuration.securityHeaders + response.headers {
        guard ad_mhd_add_response_header(created, header.name, header.value) == MHD_Result.YES else {
            return MHD_Result.NO
        }
    }
    return ad_mhd_queue_response(connection, UInt32(clamping: response.status), created)
}

/// An event stream's response: what the reader callback reaches.
private final class StreamContext {
    let stream: EventStream
    let core: ServerCore

    init(stream: EventStream, core: ServerCore) {
        self.stream = stream
        self.core = core
    }
}

/// Writes what the stream has; with nothing for 15 s, a comment line, so a closed client is noticed.
private let readEvents: MHD_ContentReaderCallback = { context, _, buffer, max in
    guard let context, let buffer else { return ad_mhd_end_with_error }
    let stream = Unmanaged<StreamContext>.fromOpaque(context).takeUnretainedValue().stream
    guard var bytes = stream.take(max: max, timeout: .seconds(15)) else { return ad_mhd_end_of_stream }
    if bytes.isEmpty { bytes = Array(":\n\n".utf8) }
    bytes.withUnsafeBytes { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    return bytes.count
}

/// Releases an event stream's context when its response is freed.
private let freeEvents: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    let owner = Unmanaged<StreamContext>.fromOpaque(context).takeRetainedValue()
    owner.stream.close()
    owner.core.ended(owner.stream)
}
