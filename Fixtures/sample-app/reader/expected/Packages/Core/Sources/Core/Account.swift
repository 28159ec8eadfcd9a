import Foundation
import Observation

/// The signed-in account.
@Observable public final class AccountStore {
    public private(set) var handle: String?
    public var isSyncing = false

    public init(handle: String? = nil) {
        self.handle = handle
    }

    public func signIn(as handle: String) {
        self.handle = handle
    }

    public func signOut() {
        handle = nil
    }
}
