import SwiftUI
import AppIntents

/// A view model that publishes a `server`, as App Intents' parameters are also named.
final class ServerPickerViewModel: ObservableObject {
    @Published var server = ""
}

struct ServerPicker: View {
    @StateObject private var model = ServerPickerViewModel()
    var body: some View { Text(model.server) }
}

/// App Intents name their parameters with key paths whose root the API fixes: the intent in
/// its `parameterSummary`, the generic argument of `@IntentParameterDependency`. They are the
/// intent's own `@Parameter` projections, not ServerPickerViewModel's publisher.
struct FireEventIntent: AppIntent {
    static var title: LocalizedStringResource = "Fire event"

    @Parameter(title: "Server")
    var server: String

    @Parameter(title: "Event")
    var event: String

    static var parameterSummary: some ParameterSummary {
        Summary {
            \.$server
            \.$event
        }
    }

    func perform() async throws -> some IntentResult { .result() }
}

/// The same in an interpolated summary: `\(\.$server)` names the intent's parameter.
struct ShowServerIntent: AppIntent {
    static var title: LocalizedStringResource = "Show server"

    @Parameter(title: "Server")
    var server: String

    static var parameterSummary: some ParameterSummary {
        Summary("Show \(\.$server)")
    }

    func perform() async throws -> some IntentResult { .result() }
}

struct ServerQuery: EntityStringQuery {
    @IntentParameterDependency<FireEventIntent>(\.$server)
    var intent

    func entities(matching string: String) async throws -> [ServerEntity] { [] }
    func entities(for identifiers: [String]) async throws -> [ServerEntity] { [] }
}

struct ServerEntity: AppEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation = "Server"
    static var defaultQuery = ServerQuery()
    var id: String
    var displayRepresentation: DisplayRepresentation { "\(id)" }
}
