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

@Observable final class PostState {
    var expanded = false
}

@Observable final class CommentState {
    let objectWillChange = ObservableObjectPublisher()
    var collapsed = false {
        willSet {
            objectWillChange.send()
        }
    }
}

@Observable final class Router {
    var isAtRoot = true {
        willSet {
            isAtRootSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var isAtRootSubject = CurrentValueSubject<Bool, Never>(isAtRoot)
    var isAtRootPublisher: AnyPublisher<Bool, Never> { isAtRootSubject.eraseToAnyPublisher() }
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
    @Environment(PostState.self) var state
    @Environment(CommentState.self) var comments

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
                PostRow().environment(state)
            }
        case .second(let comment):
            if let commentState = comment.winstonData {
                PostRow().environment(commentState)
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
                PostRow().environment(state)
            }
        }
        ForEach(results.data) { result in
            if let resultState = result.winstonData {
                PostRow().environment(resultState)
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
            router.isAtRootPublisher.sink { [weak self] _ in self?.changed += 1 }.store(in: &cancellables)
        }
        if let comment = any as? Entity<Int, CommentState>, let state = comment.winstonData {
            state.objectWillChange.sink { [weak self] _ in self?.changed += 1 }.store(in: &cancellables)
        }
    }
}
