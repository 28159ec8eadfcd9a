// expect-error: The wrapped value must be an object that conforms to Observable
// A generic view that makes bindings (@Bindable) needs its protocol to refine Observable too
// (Fixtures/protocols/family-needs-observable): AnyObject alone does not compile.
import SwiftUI

protocol ListViewModel: AnyObject {
    var query: String { get set }
}

@Observable final class FeedModel: ListViewModel {
    var query = ""
}

struct SearchField<Model: ListViewModel>: View {
    @Bindable var model: Model
    var body: some View { TextField("Search", text: $model.query) }
}
