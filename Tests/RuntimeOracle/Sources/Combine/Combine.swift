// `import Combine` in a fixture's code means OpenCombine here: Published, AnyCancellable and the
// operators behave as Combine's (Published delivers in willSet, the current value on subscribe).
@_exported import OpenCombine

// OpenCombine 0.14 declares no MergeMany: this one is built from its Sequence and flatMap, which
// subscribe to each upstream in order and pass on every value, as Combine's MergeMany does.
extension Publishers {
    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let publishers: [Upstream]
        public init(_ upstream: Upstream...) { publishers = upstream }
        public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream { publishers = Array(upstream) }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            Publishers.Sequence<[Upstream], Failure>(sequence: publishers).flatMap { $0 }.receive(subscriber: subscriber)
        }
    }
}
