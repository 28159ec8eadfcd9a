import Combine
import SwiftUI

/// An entity generic over its data and its view state: `winstonData` is of its parameter B,
/// bound where the entity's type is written (`Post`, a typealias; a cast; a generic enum's
/// case; an array of them iterated with its indices; a dictionary's values).
final class Entity<T, B: AnyObject>: ObservableObject, Identifiable {
    let id = UUID()
    @Published var data: T?
    @Published var winstonData: B?

    init(data: T? = nil, winstonData: B? = nil) {
        self.data = data
        self.winstonData = winstonData
    }
}

final class PostState: ObservableObject {
    @Published var expanded = false
}

final class CommentState: ObservableObject {
    @Published var collapsed = false
}

final class Router: ObservableObject {
    @Published var isAtRoot = true
}

typealias Post = Entity<String, PostState>
typealias Comment = Entity<Int, CommentState>

enum Either<A, B> {
    case first(A)
    case second(B)
}

/// A list generic over its elements: `data` of `ObservableList<Post>()` holds posts.
final class ObservableList<T: ObservableObject>: ObservableObject {
    @Published var data: [T] = []
}

struct PostRow: View {
    @EnvironmentObject var state: PostState
    @EnvironmentObject var comments: CommentState

    var body: some View {
        Text(state.expanded ? "open" : "closed")
    }
}

struct Mixed: View {
    var content: Either<Post, Comment>

    var body: some View {
        switch content {
        case .first(let post):
            if let state = post.winstonData {
                PostRow().environmentObject(state)
            }
        case .second(let comment):
            if let commentState = comment.winstonData {
                PostRow().environmentObject(commentState)
            }
        }
    }
}

struct Listing: View {
    var posts: [Post]
    @StateObject private var results = ObservableList<Post>()

    var body: some View {
        ForEach(Array(posts.enumerated()), id: \.element.id) { index, post in
            if let state = post.winstonData {
                PostRow().environmentObject(state)
            }
        }
        ForEach(results.data) { result in
            if let resultState = result.winstonData {
                PostRow().environmentObject(resultState)
            }
        }
    }
}

final class Tabs {
    private var routers: [Int: Router] = [:]
    private var cancellables = Set<AnyCancellable>()
    var changed = 0

    func observe(_ any: Any) {
        routers.values.forEach { router in
            router.$isAtRoot.sink { [weak self] _ in self?.changed += 1 }.store(in: &cancellables)
        }
        if let comment = any as? Entity<Int, CommentState>, let state = comment.winstonData {
            state.objectWillChange.sink { [weak self] _ in self?.changed += 1 }.store(in: &cancellables)
        }
    }
}
