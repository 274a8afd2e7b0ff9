import FoundationEssentials
import Synchronization
import VAST

/// A schema validator used by one job at a time (libxml2's schema context is not shared).
final class LockedSchemaValidator: @unchecked Sendable {
    private let validator: VASTSchemaValidator
    private let lock = Mutex(())

    init(_ validator: VASTSchemaValidator) { self.validator = validator }

    func validate(_ bytes: Data) -> [VASTFinding] {
        lock.withLock { _ in validator.validate(bytes) }
    }
}
