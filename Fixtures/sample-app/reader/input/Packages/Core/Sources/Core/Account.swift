import Foundation

/// The signed-in account.
public final class AccountStore: ObservableObject {
    @Published public private(set) var handle: String?
    @Published public var isSyncing = false

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
