import SwiftUI

public struct FeedView: View {
    var model: ViewModel

    public init(model: ViewModel) {
        self.model = model
    }

    public var body: some View {
        List(model.posts, id: \.self) { Text($0) }
            .onAppear { model.refresh() }
    }
}
