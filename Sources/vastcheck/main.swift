import Foundation
import VASTCheck

// A reader that goes away (`vastcheck ... | head`) is a write error (EPIPE) that ends the run with exit 2, not a
// signal that ends it differently depending on whether libcurl (which ignores SIGPIPE) was set up first.
signal(SIGPIPE, SIG_IGN)
let code = await VASTCheck.run(VASTCheck.processArguments, console: .standard)
exit(code.rawValue)
