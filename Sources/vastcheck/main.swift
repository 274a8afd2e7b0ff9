import Foundation
import VASTCheck

// A reader that goes away (`vastcheck ... | head`) is a write error (EPIPE) that ends the run with exit 2, not a
// signal that ends it differently depending on whether libcurl (which ignores SIGPIPE) was set up first.
signal(SIGPIPE, SIG_IGN)
// SIGINT, SIGTERM and SIGHUP end a run after its temporary files are removed (TemporaryFiles), so they must reach it:
// a parent may hand them down blocked (Foundation's `Process` spawns from a pool thread that blocks them), and
// this thread, whose mask every later thread starts from, runs the command.
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopSignals, number) }
pthread_sigmask(SIG_UNBLOCK, &stopSignals, nil)
// On this thread: an async main would move the command to a pool thread before its first byte is read.
let code = VASTCheck.runOnCallingThread(VASTCheck.processArguments, console: .standard)
exit(code.rawValue)
