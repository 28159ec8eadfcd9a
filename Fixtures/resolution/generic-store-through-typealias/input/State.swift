import Combine

/// A wrapper of the app's own, published through a subject: `$x` is its projection, not a model's.
@propertyWrapper
final class PublishedState<T: Equatable> {
    private let subject: CurrentValueSubject<T, Never>

    init(wrappedValue: T) { subject = CurrentValueSubject(wrappedValue) }

    var wrappedValue: T {
        get { subject.value }
        set { if newValue != subject.value { subject.send(newValue) } }
    }

    var projectedValue: AnyPublisher<T, Never> { subject.eraseToAnyPublisher() }
}

struct ArchiveState {
    @PublishedState var archiveItems = [String: String]()
}

struct AppState {
    var archive = ArchiveState()
}
