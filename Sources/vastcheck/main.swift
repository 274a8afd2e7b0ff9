import Foundation
import VASTCheck

let code = await VASTCheck.run(Array(CommandLine.arguments.dropFirst()), console: .standard)
exit(code.rawValue)
