import FoundationEssentials
import Glibc
import VASTCheck

// A reader that goes away (`vastcheck ... | head`) is a write error (EPIPE) that ends the run with exit 2, not a
// signal that ends it differently depending on whether libcurl (which ignores SIGPIPE) was set up first.
signal(SIGPIPE, SIG_IGN)
// On the main queue: a nonisolated command would otherwise move to a pool thread before its first byte is read.
let code = await VASTCheck.runOnMainQueue(VASTCheck.processArguments, console: .standard)
exit(code.rawValue)
