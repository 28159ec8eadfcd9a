// expect-error: requires that 'Model' conform to 'ObservableObject'
// When a protocol family migrates (the protocol refines AnyObject instead of ObservableObject),
// the generic views it constrains must follow (Fixtures/protocols): a kept @ObservedObject
// does not compile.
import SwiftUI

protocol ListViewModel: AnyObject {
    var titles: [String] { get }
}

@Observable final class FeedModel: ListViewModel {
    var titles: [String] = []
}

struct GenericList<Model: ListViewModel>: View {
    @ObservedObject var model: Model
    var body: some View { Text(model.titles.joined()) }
}
