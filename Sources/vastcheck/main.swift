import Foundation
import VASTCheck

let code = VASTCheck.run(Array(CommandLine.arguments.dropFirst()), console: .standard)
exit(code.rawValue)
