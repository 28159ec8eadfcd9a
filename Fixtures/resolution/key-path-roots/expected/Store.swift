import SwiftUI

/// A persistence framework's field wrapper, whose projection names the relationship's inverse.
@propertyWrapper struct Field<Value> {
    var wrappedValue: Value
    var projectedValue: Field<Value> { self }
}

final class StoredUser {
    @Field var server: String = ""
}

final class StoredServer {
    @Field var name: String = ""
    /// `\StoredUser.$server` is rooted at StoredUser, which no model is: it holds no model,
    /// though Account publishes a `server` too.
    static let inverse = \StoredUser.$server
}

@Observable final class Account {
    var server = ""
}

/// `\Feed.$server` is rooted at a model: Feed keeps ObservableObject.
final class Feed: ObservableObject {
    @Published var server = ""
    static let serverPath = \Feed.$server
}

struct AccountView: View {
    @State private var account = Account()
    @StateObject private var feed = Feed()

    var body: some View {
        Text(account.server + feed.server)
    }
}

/// `\.$title` inside the model, its root inferred: Draft keeps ObservableObject too.
final class Draft: ObservableObject {
    @Published var title = ""
    func watch<Value>(_ path: KeyPath<Draft, Value>) {}
    func start() { watch(\.$title) }
}
