import Foundation
import VASTCheck

// A reader that goes away (`vastcheck ... | head`) is a write error the console handles, not a signal that
// ends the run differently depending on whether libcurl (which ignores SIGPIPE) was set up first.
signal(SIGPIPE, SIG_IGN)
let code = await VASTCheck.run(Array(CommandLine.arguments.dropFirst()), console: .standard)
exit(code.rawValue)
