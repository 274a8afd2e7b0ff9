import FoundationEssentials
import Glibc
import VASTCheck

// A reader that goes away (`vastcheck ... | head`) is a write error (EPIPE) that ends the run with exit 2, not a
// signal that ends it differently depending on whether libcurl (which ignores SIGPIPE) was set up first.
signal(SIGPIPE, SIG_IGN)
// A program started from a thread that blocks signals (a pool thread of a Swift program launching it, say) inherits
// that mask: start from none blocked, so SIGINT and SIGTERM reach the handlers that remove temporary files and then
// end the run. (An async top level got this from `dispatch_main`, whose main thread waits for signals unblocked.)
var unblocked = sigset_t()
sigemptyset(&unblocked)
pthread_sigmask(SIG_SETMASK, &unblocked, nil)
// Synchronous: the command's tasks run on this thread, which waits for them in between; an async top level would
// end this thread in `dispatch_main` and start another before the first byte is read.
let code = VASTCheck.runOnCallingThread(VASTCheck.processArguments, console: .standard)
exit(code.rawValue)
