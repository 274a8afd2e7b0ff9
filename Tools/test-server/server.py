#!/usr/bin/env python3
"""A loopback HTTP/1.1 test server for AdTransport / AdEngine tests (standard library only).

    python3 Tools/test-server/server.py [--root DIR] [--media-root DIR] [--port 0] [--verbose] [--ignore-stdin]
    python3 Tools/test-server/server.py --zygote   (forks one server per JSON argument list on stdin)

Binds 127.0.0.1 only, on an ephemeral port unless --port is given, prints exactly one line
`PORT <n>` on stdout when it accepts connections, then serves until it is killed or until its
standard input reaches end of file (so a crashed test runner never leaves it behind; pass
--ignore-stdin to run it by hand in the background). Routes and query parameters are listed in
README.md next to this file.
"""
import argparse
import gzip
import json
import os
import socket
import socketserver
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, HTTPServer
from urllib.parse import parse_qs, unquote, urlencode, urlsplit

MIB = 1024 * 1024
STREAM_BLOCK = 64 * 1024
MAX_REQUEST_BODY = 64 * MIB
MAX_MB = 4096
CONTROL_HEADER = "X-Test-Control"
REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))



def gzip_of_zeros(total):
    """A gzip member inflating to `total` zero bytes, made in a fraction of a second whatever its size.

    Each MiB is deflated after a full flush, which aligns the output to a byte and forgets the window, so
    every whole MiB after the first deflates to the same bytes: they are made once and repeated. The
    trailer's CRC-32 and length are computed over the zeros as a decoder will see them.
    """
    zeros = bytes(MIB)
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)  # raw deflate: the gzip header and trailer are ours
    whole, rest = divmod(total, MIB)
    parts = []
    if whole > 0:
        parts.append(compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH))
    if whole > 1:
        steady = compressor.compress(zeros) + compressor.flush(zlib.Z_FULL_FLUSH)
        parts.append(steady * (whole - 1))
    parts.append(compressor.compress(zeros[:rest]) + compressor.flush(zlib.Z_FINISH))
    crc = 0
    for _ in range(whole):
        crc = zlib.crc32(zeros, crc)
    crc = zlib.crc32(zeros[:rest], crc)
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03"  # gzip, deflate, no name, no mtime, Unix
    trailer = struct.pack("<II", crc & 0xFFFFFFFF, total & 0xFFFFFFFF)
    return header + b"".join(parts) + trailer

class BadRequest(Exception):
    """A query parameter or body the server cannot use: answered 400."""


class Response:
    """What a route produces: a status, headers and either bytes or an iterator of bytes.

    `length` is the declared Content-Length of an iterator body (None: chunked).
    """

    def __init__(self, status=200, body=b"", content_type="text/plain; charset=utf-8", headers=None,
                 stream=None, length=None):
        self.status = status
        self.body = body
        self.content_type = content_type
        self.headers = list(headers or [])
        self.stream = stream
        self.length = length

    def has_header(self, name):
        return any(key.lower() == name.lower() for key, _ in self.headers)


def json_response(value, status=200):
    return Response(status, (json.dumps(value, indent=1) + "\n").encode(), "application/json")


class State:
    """Everything the handler threads share, behind one lock."""

    def __init__(self, root):
        self.lock = threading.Lock()
        self.root = os.path.realpath(root)
        self.connections = 0
        self.requests = 0
        self.by_path = {}
        self.open = set()          # ids of live, counted (non-control) connections
        self.docs = {}             # name -> (status, content_type, location, body bytes)
        self.beacons = []
        self.fail_counts = {}      # path+query -> requests seen (for fail_first)
        self.bombs = {}            # mb -> compressed bytes
        self.media_root = None     # folder served under /media/ (--media-root or POST /media-root)
        self.media_log = []        # one record per /media/ request
        self.started = time.time()


class Server(socketserver.ThreadingMixIn, HTTPServer):
    daemon_threads = True
    block_on_close = False
    allow_reuse_address = True
    request_queue_size = 1024

    def __init__(self, address, state, verbose):
        self.state = state
        self.verbose = verbose
        HTTPServer.__init__(self, address, Handler)

    def server_bind(self):
        # HTTPServer.server_bind calls socket.getfqdn, a reverse DNS lookup that can stall.
        socketserver.TCPServer.server_bind(self)
        host, port = self.server_address[:2]
        self.server_name = host
        self.server_port = port

    def process_request(self, request, client_address):
        # Runs on the accepting thread: this is where a TCP connection is counted.
        state = self.state
        with state.lock:
            state.connections += 1
            state.open.add(id(request))
        try:
            super().process_request(request, client_address)
        except Exception:
            with state.lock:
                state.open.discard(id(request))
            raise

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            with self.state.lock:
                self.state.open.discard(id(request))

    def handle_error(self, request, client_address):
        # Never let a handler error reach the serving loop; stay quiet about clients that left.
        kind = sys.exc_info()[0]
        if kind is not None and issubclass(kind, (ConnectionError, socket.timeout)):
            return
        if self.verbose:
            super().handle_error(request, client_address)
        else:
            sys.stderr.write("test-server: handler error: %r\n" % (sys.exc_info()[1],))


def int_param(query, name, default=None, minimum=None, maximum=None):
    values = query.get(name)
    if not values:
        return default
    try:
        value = int(values[-1])
    except ValueError:
        raise BadRequest("%s must be an integer" % name)
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        raise BadRequest("%s out of range" % name)
    return value


def size_param(query, default_mb):
    """Bytes from ?bytes=N, else ?mb=N (MiB, may be fractional), else default_mb MiB."""
    count = int_param(query, "bytes", None, 0, MAX_MB * MIB)
    if count is not None:
        return count
    values = query.get("mb")
    if not values:
        return int(default_mb * MIB)
    try:
        mb = float(values[-1])
    except ValueError:
        raise BadRequest("mb must be a number")
    if not 0 <= mb <= MAX_MB:
        raise BadRequest("mb out of range")
    return int(mb * MIB)


def flag(query, name):
    values = query.get(name)
    return bool(values) and values[-1] not in ("0", "false", "")


def text(query, name, default=None):
    values = query.get(name)
    return values[-1] if values else default


def repeat_stream(total, fill):
    block = fill * STREAM_BLOCK
    remaining = total
    while remaining > 0:
        piece = block if remaining >= STREAM_BLOCK else block[:remaining]
        remaining -= len(piece)
        yield piece


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "AdEngineTestServer/1"
    timeout = None

    # --- plumbing -------------------------------------------------------------------------

    def setup(self):
        super().setup()
        # Headers and body go out in separate writes; without TCP_NODELAY the body waits for the
        # client's delayed ACK (about 40 ms per response on a keep-alive connection).
        try:
            self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass

    def log_message(self, fmt, *args):
        if self.server.verbose:
            sys.stderr.write("test-server: %s - %s\n" % (self.address_string(), fmt % args))

    def do_GET(self):
        self.dispatch()

    do_HEAD = do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_GET

    def read_body(self):
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            parts, total = [], 0
            while True:
                line = self.rfile.readline(65537)
                if not line:
                    raise ConnectionError("client left inside a chunked body")
                try:
                    size = int(line.split(b";", 1)[0].strip() or b"0", 16)
                except ValueError:
                    raise BadRequest("bad chunk size in request body")
                if size == 0:
                    while self.rfile.readline(65537) not in (b"\r\n", b"\n", b""):
                        pass
                    return b"".join(parts)
                total += size
                if total > MAX_REQUEST_BODY:
                    raise BadRequest("request body too large")
                parts.append(self.rfile.read(size))
                self.rfile.readline(65537)
        length = self.headers.get("Content-Length")
        if not length:
            return b""
        try:
            length = int(length)
        except ValueError:
            raise BadRequest("bad Content-Length")
        if length < 0 or length > MAX_REQUEST_BODY:
            raise BadRequest("request body too large")
        return self.rfile.read(length)

    def dispatch(self):
        self.headers_sent = False
        self.beacon_record = None
        state = self.server.state
        split = urlsplit(self.path)
        self.req_path = split.path or "/"
        self.req_query_string = split.query
        self.query = parse_qs(split.query, keep_blank_values=True)
        self.control = self.headers.get(CONTROL_HEADER, "") not in ("", "0")
        with state.lock:
            if self.control:
                # A control connection (the Swift helper's) is not a client connection:
                # take it back out of the counters the first time it says so.
                if id(self.request) in state.open:
                    state.open.discard(id(self.request))
                    state.connections = max(0, state.connections - 1)
            else:
                state.requests += 1
                state.by_path[self.req_path] = state.by_path.get(self.req_path, 0) + 1
        self.body = b""
        try:
            try:
                self.body = self.read_body()
            except BadRequest:
                self.close_connection = True  # the body's framing is unknown: do not reuse
                raise
            self.route()
        except BadRequest as error:
            self.fail(400, str(error))
        except (ConnectionError, socket.timeout):
            self.close_connection = True
        except Exception as error:  # a handler bug must not kill the server
            if self.server.verbose:
                import traceback
                traceback.print_exc()
            self.fail(500, "internal error: %r" % (error,))

    def fail(self, status, message):
        if self.headers_sent:
            self.close_connection = True
            return
        try:
            self.send(Response(status, (message + "\n").encode()), apply_query=False)
        except Exception:
            self.close_connection = True

    # --- routing --------------------------------------------------------------------------

    def route(self):
        path, query, method = self.req_path, self.query, self.command
        delay = int_param(query, "delay_ms", 0, 0, 3_600_000)
        if delay:
            time.sleep(delay / 1000.0)

        if path == "/hang":
            return self.hang()
        if path == "/reset-mid-body":
            return self.reset_mid_body()

        if path.startswith("/beacon/") or path == "/beacon":
            response = self.record_beacon()
        elif path == "/beacons":
            response = self.beacons_route(method)
        elif path == "/stats":
            response = self.stats_route()
        elif path == "/stats/reset":
            response = self.reset_stats()
        elif path == "/echo":
            response = self.echo()
        elif path.startswith("/media/") or path in ("/media-root", "/media-log"):
            response = self.media_dispatch(path, method)
        elif path.startswith("/files/"):
            response = self.file_route(path[len("/files/"):])
        elif path.startswith("/doc/"):
            response = self.doc_route(method, unquote(path[len("/doc/"):]))
            if response is None:
                return self.send(Response(204), apply_query=False)  # stored: ?status was data
        elif path == "/docs":
            response = self.docs_route(method)
        elif path == "/redirect":
            target = text(query, "to")
            if target is None:
                raise BadRequest("/redirect needs ?to=URL")
            response = Response(302, b"redirect\n", headers=[("Location", target)])
        elif path == "/redirect-loop":
            response = Response(302, b"redirect loop\n", headers=[("Location", self.path)])
        elif path == "/redirect-chain":
            hops = int_param(query, "n", 3, 0, 1000)
            if hops == 0:
                target = text(query, "to")
                if target is None:
                    response = Response(200, b"end of redirect chain\n")
                else:
                    response = Response(302, b"redirect\n", headers=[("Location", target)])
            else:
                rest = [(k, v) for k, vs in query.items() if k != "n" for v in vs]
                location = "/redirect-chain?" + urlencode([("n", str(hops - 1))] + rest)
                response = Response(302, b"redirect\n", headers=[("Location", location)])
        elif path == "/gzip-bomb":
            response = Response(200, self.bomb(size_param(query, 50)), "application/xml",
                                headers=[("Content-Encoding", "gzip")])
        elif path == "/big":
            total = size_param(query, 50)
            response = Response(200, content_type="application/octet-stream",
                                stream=repeat_stream(total, b"A"), length=total)
        elif path == "/big-chunked":
            total = size_param(query, 50)
            response = Response(200, content_type="application/octet-stream",
                                stream=repeat_stream(total, b"A"), length=None)
        elif path == "/drip":
            total = int_param(query, "bytes", 10, 0, 10_000_000)
            interval = int_param(query, "interval_ms", 1000, 0, 3_600_000)
            response = Response(200, content_type="application/octet-stream",
                                stream=self.drip(total, interval), length=total)
        elif path == "/many-headers":
            count = int_param(query, "count", 100, 0, 100_000)
            size = int_param(query, "size", 16, 0, 1_000_000)
            fill = "h" * size
            response = Response(200, b"many headers\n",
                                headers=[("X-Filler-%d" % index, fill) for index in range(count)])
        elif path == "/":
            response = Response(200, b"AdEngine test server\n")
        else:
            response = Response(404, b"not found\n")
        self.send(response)

    # --- sending --------------------------------------------------------------------------

    def send(self, response, apply_query=True):
        query = self.query if apply_query else {}
        status = response.status
        if apply_query:
            status = int_param(query, "status", status, 100, 599)
            fail_first = int_param(query, "fail_first", 0, 0, 1_000_000)
            if fail_first:
                key = self.path
                with self.server.state.lock:
                    seen = self.server.state.fail_counts.get(key, 0) + 1
                    self.server.state.fail_counts[key] = seen
                if seen <= fail_first:
                    status = int_param(query, "fail_status", 503, 100, 599)
            location = text(query, "location")
            if location is not None and not response.has_header("Location"):
                response.headers.append(("Location", location))

        if self.beacon_record is not None:
            with self.server.state.lock:
                self.beacon_record["status"] = status
        body, stream, length = response.body, response.stream, response.length
        headers = list(response.headers)
        declared_length = None
        if apply_query:
            for raw in query.get("header", []):
                name, colon, value = raw.partition(":")
                if not colon or not name.strip():
                    raise BadRequest("header must be NAME:VALUE")
                if name.strip().lower() == "content-length":
                    declared_length = value.strip()
                else:
                    headers.append((name.strip(), value.strip()))
        no_body_status = status < 200 or status in (204, 304)
        if no_body_status:
            body, stream, length = b"", None, 0

        if stream is None and body and not response.has_header("Content-Encoding"):
            wants = "gzip" in self.headers.get("Accept-Encoding", "").lower()
            if flag(query, "force_gzip") or (flag(query, "gzip") and wants):
                body = gzip.compress(body, 6, mtime=0)
                headers.append(("Content-Encoding", "gzip"))
                headers.append(("Vary", "Accept-Encoding"))

        chunked = not no_body_status and (flag(query, "chunked") or (stream is not None and length is None))
        if chunked and stream is None:
            pieces = max(1, int_param(query, "chunks", 4, 1, 10_000))
            stream = self.split(body, pieces, int_param(query, "chunk_delay_ms", 0, 0, 60_000))
        elif stream is None:
            length = len(body)

        self.send_response(status)
        if not no_body_status:
            self.send_header("Content-Type", response.content_type)
        for key, value in headers:
            self.send_header(key, value)
        if chunked:
            self.send_header("Transfer-Encoding", "chunked")
        elif declared_length is not None:
            self.send_header("Content-Length", declared_length)
            self.close_connection = True  # the body no longer matches its framing
        elif not no_body_status:
            self.send_header("Content-Length", str(length))
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        self.headers_sent = True
        if self.command == "HEAD" or no_body_status:
            return
        if chunked:
            for piece in stream:
                if piece:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(piece), piece))
            self.wfile.write(b"0\r\n\r\n")
        elif stream is not None:
            for piece in stream:
                self.wfile.write(piece)
        else:
            self.wfile.write(body)

    @staticmethod
    def split(body, pieces, delay_ms):
        size = max(1, -(-len(body) // pieces))
        for start in range(0, len(body), size):
            if start and delay_ms:
                time.sleep(delay_ms / 1000.0)
            yield body[start:start + size]

    # --- routes ---------------------------------------------------------------------------

    def file_route(self, relative):
        relative = unquote(relative)
        parts = relative.replace("\\", "/").split("/")
        if ".." in parts or relative.startswith("/") or "\0" in relative:
            return Response(403, b"forbidden path\n")
        root = self.server.state.root
        full = os.path.realpath(os.path.join(root, relative))
        if not (full == root or full.startswith(root + os.sep)) or not os.path.isfile(full):
            return Response(404, b"no such file\n")
        with open(full, "rb") as handle:
            return Response(200, handle.read(), "application/xml")

    def doc_route(self, method, name):
        state = self.server.state
        if not name:
            raise BadRequest("document name missing")
        if method in ("POST", "PUT"):
            stored = (int_param(self.query, "status", 200, 100, 599),
                      text(self.query, "content_type", "application/xml"),
                      text(self.query, "location"), self.body)
            with state.lock:
                state.docs[name] = stored
            return None
        if method == "DELETE":
            with state.lock:
                state.docs.pop(name, None)
            return Response(204)
        with state.lock:
            stored = state.docs.get(name)
        if stored is None:
            return Response(404, b"no such document\n")
        status, content_type, location, body = stored
        body = body.replace(b"{{BASE_URL}}", ("http://127.0.0.1:%d" % self.server.server_port).encode())
        headers = [("Location", location)] if location else []
        return Response(status, body, content_type, headers)

    def docs_route(self, method):
        state = self.server.state
        if method == "DELETE":
            with state.lock:
                state.docs.clear()
            return Response(204)
        with state.lock:
            names = sorted(state.docs)
        return json_response(names)

    def record_beacon(self):
        state = self.server.state
        record = {
            "path": self.req_path,
            "query": self.req_query_string,
            "t": time.time(),
            "method": self.command,
            "headers": {key.lower(): value for key, value in self.headers.items()},
        }
        if self.body:
            record["body"] = self.body.decode("utf-8", "replace")
        with state.lock:
            state.beacons.append(record)
        self.beacon_record = record  # send() adds the status it answered
        return Response(204)

    def beacons_route(self, method):
        state = self.server.state
        with state.lock:
            if method == "DELETE":
                state.beacons.clear()
                return Response(204)
            records = list(state.beacons)
        return json_response(records)

    def stats_route(self):
        state = self.server.state
        with state.lock:
            value = {"connections": state.connections, "requests": state.requests,
                     "open_connections": len(state.open), "by_path": dict(state.by_path)}
        return json_response(value)

    def reset_stats(self):
        state = self.server.state
        with state.lock:
            state.connections = 0
            state.requests = 0
            state.by_path.clear()
            state.fail_counts.clear()
        return Response(204)

    def echo(self):
        pairs = list(self.headers.items())
        value = {
            "request_line": self.requestline,
            "method": self.command,
            "path": self.req_path,
            "query": self.req_query_string,
            "http_version": self.request_version,
            "headers": {key.lower(): value for key, value in pairs},
            "header_list": [[key, value] for key, value in pairs],
            "body_length": len(self.body),
            "body": self.body.decode("utf-8", "replace"),
        }
        return json_response(value)

    def bomb(self, total):
        state = self.server.state
        with state.lock:
            cached = state.bombs.get(total)
        if cached is not None:
            return cached
        data = gzip_of_zeros(total)
        with state.lock:
            state.bombs[total] = data
        return data

    # --- media: files with Range, validators, types, CORS and slow or cut bodies ----------

    MEDIA_TYPES = {".mp4": "video/mp4", ".m4v": "video/mp4", ".webm": "video/webm", ".mov": "video/quicktime",
                   ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png", ".gif": "image/gif",
                   ".bin": "application/octet-stream"}

    def media_dispatch(self, path, method):
        state = self.server.state
        if path == "/media-root":
            folder = self.body.decode("utf-8", "replace").strip()
            if method not in ("POST", "PUT") or not os.path.isabs(folder) or not os.path.isdir(folder):
                raise BadRequest("POST /media-root with an absolute folder path as the body")
            with state.lock:
                state.media_root = os.path.realpath(folder)
            return Response(204)
        if path == "/media-log":
            with state.lock:
                if method == "DELETE":
                    state.media_log.clear()
                    return Response(204)
                return json_response(list(state.media_log))
        return self.media_route(unquote(path[len("/media/"):]))

    def media_route(self, relative):
        state, query = self.server.state, self.query
        with state.lock:
            root = state.media_root
        parts = relative.split("/")
        full = os.path.realpath(os.path.join(root, relative)) if root else None
        if ".." in parts or relative.startswith("/") or full is None or not full.startswith(root + os.sep) \
                or not os.path.isfile(full):
            self.media_log_append(404, None)
            return Response(404, b"no such media file\n")
        info = os.stat(full)
        size = info.st_size
        etag = '"%s"' % text(query, "etag", "%x-%x" % (size, info.st_mtime_ns))
        modified = self.date_time_string(int(info.st_mtime))
        headers = [("Accept-Ranges", "bytes")] if not flag(query, "no_range") else []
        validators = not flag(query, "no_validators")
        if validators:
            headers += [("ETag", etag), ("Last-Modified", modified)]
        cors = text(query, "cors")
        if cors is not None:
            headers.append(("Access-Control-Allow-Origin", cors))
        content_type = text(query, "type") or self.MEDIA_TYPES.get(os.path.splitext(full)[1].lower(),
                                                                   "application/octet-stream")
        if validators and not flag(query, "ignore_conditions") and self.not_modified(etag, modified):
            self.media_log_append(304, None)
            return Response(304, headers=headers)
        first, last, status = 0, size - 1, 200
        wanted = self.headers.get("Range")
        if wanted and not flag(query, "no_range"):
            if_range = self.headers.get("If-Range")
            if if_range is None or (validators and if_range in (etag, modified)):
                span = self.byte_range(wanted, size)
                if span is None:
                    self.media_log_append(416, None)
                    return Response(416, b"range not satisfiable\n", headers=[("Content-Range", "bytes */%d" % size)])
                first, last, status = span[0], span[1], 206
                first = min(first + int_param(query, "shift_range", 0, 0, MAX_MB * MIB), last)
                headers.append(("Content-Range", "bytes %d-%d/%d" % (first, last, size)))
        count = last - first + 1
        self.media_log_append(status, (first, last) if status == 206 else None)
        # Only a request without Range is stalled or cut: a download cut once resumes (206, or 200
        # when its If-Range no longer matches) whole.
        whole = wanted is None
        stream = self.media_stream(full, first, count, int_param(query, "rate_kbps", 0, 0, 10_000_000),
                                   int_param(query, "stall_after", None, 0, MAX_MB * MIB) if whole else None,
                                   int_param(query, "cut_after", None, 0, MAX_MB * MIB) if whole else None)
        return Response(status, content_type=content_type, headers=headers, stream=stream, length=count)

    def not_modified(self, etag, modified):
        match = self.headers.get("If-None-Match")
        if match is not None:
            return any(tag.strip() in (etag, "W/" + etag, "*") for tag in match.split(","))
        since = self.headers.get("If-Modified-Since")
        return since is not None and since == modified

    @staticmethod
    def byte_range(value, size):
        """(first, last) of a single `bytes=` range, or None when it cannot be served."""
        value = value.strip()
        if not value.startswith("bytes=") or "," in value:
            return None
        start, dash, end = value[len("bytes="):].partition("-")
        try:
            if not dash:
                return None
            if start == "":
                count = int(end)
                return (max(size - count, 0), size - 1) if 0 < count and size > 0 else None
            first = int(start)
            last = min(int(end), size - 1) if end else size - 1
        except ValueError:
            return None
        return (first, last) if 0 <= first <= last else None

    def media_log_append(self, status, span):
        record = {"path": self.req_path, "query": self.req_query_string, "status": status,
                  "range": self.headers.get("Range"), "if_range": self.headers.get("If-Range"),
                  "if_none_match": self.headers.get("If-None-Match"),
                  "if_modified_since": self.headers.get("If-Modified-Since"),
                  "first": span[0] if span else None, "last": span[1] if span else None}
        with self.server.state.lock:
            if not self.control:
                self.server.state.media_log.append(record)

    def media_stream(self, path, first, count, rate_kbps, stall_after, cut_after):
        """The file's bytes, at `rate_kbps` KiB/s when set; after `stall_after` bytes it waits for the
        client to leave, after `cut_after` bytes it closes the connection (the body is then short)."""
        block = 16 * 1024 if rate_kbps else STREAM_BLOCK
        sent = 0
        with open(path, "rb") as handle:
            handle.seek(first)
            while sent < count:
                limit = min(block, count - sent)
                for stop in (stall_after, cut_after):
                    if stop is not None and stop > sent:
                        limit = min(limit, stop - sent)
                if stall_after is not None and sent >= stall_after:
                    self.wfile.flush()
                    self.hang()
                    return
                if cut_after is not None and sent >= cut_after:
                    self.wfile.flush()
                    self.close_connection = True
                    return
                piece = handle.read(limit)
                if not piece:
                    return
                yield piece
                sent += len(piece)
                if rate_kbps:
                    time.sleep(len(piece) / (rate_kbps * 1024.0))

    @staticmethod
    def drip(total, interval_ms):
        for index in range(total):
            if index and interval_ms:
                time.sleep(interval_ms / 1000.0)
            yield b"x"

    def hang(self):
        """Never answer; return when the client closes its end (or the process exits)."""
        self.close_connection = True
        sock = self.connection
        sock.settimeout(None)
        try:
            while True:
                data = sock.recv(65536)
                if not data:
                    return
        except OSError:
            return

    def reset_mid_body(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", "10000")
        self.end_headers()
        self.headers_sent = True
        self.wfile.write(b"<" + b"x" * 99)
        self.wfile.flush()
        time.sleep(0.05)  # let the client see the first 100 bytes before the RST
        self.close_connection = True
        sock = self.connection
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        # rfile/wfile hold references that would keep sock.close() from closing the descriptor;
        # detach it and close it ourselves so the kernel sends RST now. Later calls on the
        # detached socket object fail with EBADF, which socketserver ignores.
        os.close(sock.detach())


def raise_file_limit():
    """One descriptor per connection: lift the soft limit so hundreds of sockets fit."""
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = 8192 if hard == resource.RLIM_INFINITY else min(hard, 8192)
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (ImportError, ValueError, OSError):
        pass


def watch_stdin():
    try:
        while sys.stdin.buffer.read1(65536):
            pass
    except Exception:
        pass
    os._exit(0)


def watch_parent(parent):
    # A server forked by the zygote ends when the zygote does (the test runner closed its stdin or died).
    while os.getppid() == parent:
        time.sleep(0.2)
    os._exit(0)


def zygote():
    """`--zygote`: import once, then fork one server per line of standard input.

    Each line is a JSON list of this script's arguments; the forked server answers on standard output with
    one line, `PORT <n> PID <pid>` (or `FAILED <message>`). Starting Python and importing this script takes
    most of a second on a loaded two-core machine; a fork of a process that has done it takes milliseconds,
    so a test runner that starts hundreds of servers asks a zygote for them. The zygote exits when its
    standard input ends, and every server it forked follows it.
    """
    import json
    import signal
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the kernel
    # A zygote started from a Swift test runs with the signal mask of the thread that spawned it (a
    # libdispatch worker blocks nearly every signal, and Foundation's Process does not reset the mask):
    # the servers it forks would ignore SIGTERM and be killed only after TestServer's 3 s wait.
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    parent = os.getpid()
    for line in sys.stdin.buffer:
        try:
            arguments = json.loads(line)
        except ValueError:
            sys.stdout.write("FAILED not a JSON list of arguments\n")
            sys.stdout.flush()
            continue
        if os.fork() == 0:
            try:
                os.close(0)
                os.open(os.devnull, os.O_RDONLY)
                def announce(port):
                    sys.stdout.write("PORT %d PID %d\n" % (port, os.getpid()))
                    sys.stdout.flush()
                threading.Thread(target=watch_parent, args=(parent,), name="parent-watch", daemon=True).start()
                code = main(arguments, announce=announce)
            except BaseException as error:  # argparse exits with SystemExit
                sys.stdout.write("FAILED %s\n" % str(error).replace("\n", " "))
                sys.stdout.flush()
                code = 1
            os._exit(code or 0)
    return 0


def main(argv=None, announce=None):
    if argv is None and sys.argv[1:2] == ["--zygote"]:
        return zygote()
    parser = argparse.ArgumentParser(description="Loopback HTTP test server (127.0.0.1 only).")
    parser.add_argument("--root", default=os.path.join(REPO_ROOT, "vast-samples"),
                        help="directory served under /files/ (default: the repo's vast-samples/)")
    parser.add_argument("--port", type=int, default=0, help="TCP port (default 0: ephemeral)")
    parser.add_argument("--verbose", action="store_true", help="log every request to stderr")
    parser.add_argument("--ignore-stdin", action="store_true",
                        help="do not exit when standard input closes (for running by hand)")
    parser.add_argument("--media-root", help="folder served under /media/ (also set by POST /media-root)")
    parser.add_argument("--tls-cert", help="serve HTTPS with this PEM certificate (needs --tls-key)")
    parser.add_argument("--tls-key", help="the certificate's PEM private key")
    args = parser.parse_args(argv)

    raise_file_limit()
    state = State(args.root)
    if args.media_root:
        state.media_root = os.path.realpath(args.media_root)
    try:
        server = Server(("127.0.0.1", args.port), state, args.verbose)
    except OSError as error:
        sys.stderr.write("test-server: cannot bind 127.0.0.1:%d: %s\n" % (args.port, error))
        if announce:
            sys.stdout.write("FAILED cannot bind 127.0.0.1:%d: %s\n" % (args.port, error))
            sys.stdout.flush()
        return 1
    if args.tls_cert:
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        # Handshakes happen on accept; a client that refuses the certificate makes accept fail,
        # which socketserver treats as a dropped connection.
        server.socket = context.wrap_socket(server.socket, server_side=True)
    if announce:
        announce(server.server_port)
    else:
        if not args.ignore_stdin:
            threading.Thread(target=watch_stdin, name="stdin-watch", daemon=True).start()
        sys.stdout.write("PORT %d\n" % server.server_port)
        sys.stdout.flush()
    try:
        server.serve_forever(poll_interval=0.5)
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
