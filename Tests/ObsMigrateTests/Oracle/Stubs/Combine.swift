// Stand-in for Apple's Combine, used only by the compile oracle (OracleTests).
//
// It mirrors the public API surface and the generic constraints of Combine closely enough
// that code which would not compile against the real framework does not compile here either.
// Nothing in this file is meant to run: bodies that would need a real reactive runtime call
// `_typeCheckOnly()`. Build with: swiftc -emit-module -parse-as-library -swift-version 5
// -module-name Combine Combine.swift
import Foundation

@inline(never)
public func _typeCheckOnly(_ function: StaticString = #function) -> Never {
    fatalError("\(function) is a type-check-only stand-in for Combine")
}

// MARK: - Cancellation (Cancellable, AnyCancellable)

public protocol Cancellable {
    func cancel()
}

public final class AnyCancellable: Cancellable, Hashable {
    private var onCancel: (() -> Void)?

    public init(_ cancel: @escaping () -> Void) { onCancel = cancel }
    public init<C: Cancellable>(_ canceller: C) { onCancel = canceller.cancel }

    public func cancel() {
        onCancel?()
        onCancel = nil
    }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }
}

extension Cancellable {
    public func store(in set: inout Set<AnyCancellable>) { AnyCancellable(self).store(in: &set) }
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }
}

// MARK: - Core protocols (Publisher, Subscriber, Subscription, Subscribers)

public protocol CustomCombineIdentifierConvertible {
    var combineIdentifier: CombineIdentifier { get }
}

public struct CombineIdentifier: Hashable, CustomStringConvertible {
    private let id = UUID()
    public init() {}
    public init(_ obj: AnyObject) {}
    public var description: String { id.uuidString }
}

extension CustomCombineIdentifierConvertible where Self: AnyObject {
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}

public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    func request(_ demand: Subscribers.Demand)
}

public protocol Subscriber<Input, Failure>: CustomCombineIdentifierConvertible {
    associatedtype Input
    associatedtype Failure: Error
    func receive(subscription: Subscription)
    func receive(_ input: Input) -> Subscribers.Demand
    func receive(completion: Subscribers.Completion<Failure>)
}

public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure
}

/// Helper for the operator types below: supplies the `receive(subscriber:)` witness.
public protocol _TypeCheckOnlyPublisher: Publisher {}
extension _TypeCheckOnlyPublisher {
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        _typeCheckOnly()
    }
}

public enum Subscribers {
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }

    public struct Demand: Equatable, Comparable, Hashable {
        private let value: Int
        private init(_ value: Int) { self.value = value }
        public static let unlimited = Demand(Int.max)
        public static let none = Demand(0)
        public static func max(_ value: Int) -> Demand { Demand(value) }
        public var max: Int? { value == Int.max ? nil : value }
        public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.value < rhs.value }
        public static func + (lhs: Demand, rhs: Demand) -> Demand { Demand(lhs.value &+ rhs.value) }
        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
    }

    /// Mirrors Subscribers.Sink (what `sink` returns before type erasure).
    public final class Sink<Input, Failure: Error>: Subscriber, Cancellable {
        public let receiveValue: (Input) -> Void
        public let receiveCompletion: (Subscribers.Completion<Failure>) -> Void
        public init(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                    receiveValue: @escaping (Input) -> Void) {
            self.receiveCompletion = receiveCompletion
            self.receiveValue = receiveValue
        }
        public func receive(subscription: Subscription) { subscription.request(.unlimited) }
        public func receive(_ value: Input) -> Subscribers.Demand { receiveValue(value); return .none }
        public func receive(completion: Subscribers.Completion<Failure>) { receiveCompletion(completion) }
        public func cancel() {}
    }

    /// Mirrors Subscribers.Assign.
    public final class Assign<Root, Input>: Subscriber, Cancellable {
        public typealias Failure = Never
        public let object: Root?
        public let keyPath: ReferenceWritableKeyPath<Root, Input>
        public init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Input>) {
            self.object = object
            self.keyPath = keyPath
        }
        public func receive(subscription: Subscription) { subscription.request(.unlimited) }
        public func receive(_ value: Input) -> Subscribers.Demand { object?[keyPath: keyPath] = value; return .none }
        public func receive(completion: Subscribers.Completion<Never>) {}
        public func cancel() {}
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}

/// Mirrors AnySubscriber.
public struct AnySubscriber<Input, Failure: Error>: Subscriber {
    public let combineIdentifier = CombineIdentifier()
    public init<S: Subscriber>(_ s: S) where S.Input == Input, S.Failure == Failure {}
    public init(receiveSubscription: ((Subscription) -> Void)? = nil,
                receiveValue: ((Input) -> Subscribers.Demand)? = nil,
                receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil) {}
    public func receive(subscription: Subscription) {}
    public func receive(_ input: Input) -> Subscribers.Demand { .none }
    public func receive(completion: Subscribers.Completion<Failure>) {}
}

// MARK: - Subscribing (sink, assign, subscribe)

extension Publisher {
    public func sink(receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
                     receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        let sink = Subscribers.Sink<Output, Failure>(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        receive(subscriber: sink)
        return AnyCancellable(sink)
    }

    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }

    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where S.Output == Output, S.Failure == Failure {
        _typeCheckOnly()
    }
}

extension Publisher where Failure == Never {
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        sink(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }

    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        let assign = Subscribers.Assign(object: object, keyPath: keyPath)
        receive(subscriber: assign)
        return AnyCancellable(assign)
    }

    /// Republishes into a `@Published` property: `publisher.assign(to: &$value)`.
    public func assign(to published: inout Published<Output>.Publisher) {
        _typeCheckOnly()
    }
}

// MARK: - Operators (Publishers namespace and the Publisher extension methods)

public enum Publishers {
    public struct Map<Upstream: Publisher, Output>: _TypeCheckOnlyPublisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output
    }

    public struct TryMap<Upstream: Publisher, Output>: _TypeCheckOnlyPublisher {
        public typealias Failure = Error
        public let upstream: Upstream
        public let transform: (Upstream.Output) throws -> Output
    }

    public struct CompactMap<Upstream: Publisher, Output>: _TypeCheckOnlyPublisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> Output?
    }

    public struct MapError<Upstream: Publisher, Failure: Error>: _TypeCheckOnlyPublisher {
        public typealias Output = Upstream.Output
        public let upstream: Upstream
        public let transform: (Upstream.Failure) -> Failure
    }

    public struct Filter<Upstream: Publisher>: _TypeCheckOnlyPublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let isIncluded: (Upstream.Output) -> Bool
    }

    public struct RemoveDuplicates<Upstream: Publisher>: _TypeCheckOnlyPublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let predicate: (Output, Output) -> Bool
    }

    public struct Debounce<Upstream: Publisher, Context: Scheduler>: _TypeCheckOnlyPublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let dueTime: Context.SchedulerTimeType.Stride
        public let scheduler: Context
    }

    public struct Throttle<Upstream: Publisher, Context: Scheduler>: _TypeCheckOnlyPublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
        public let latest: Bool
    }

    public struct Delay<Upstream: Publisher, Context: Scheduler>: _TypeCheckOnlyPublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let interval: Context.SchedulerTimeType.Stride
        public let scheduler: Context
    }

    public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: _TypeCheckOnlyPublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let scheduler: Context
    }

    public struct Drop<Upstream: Publisher>: _TypeCheckOnlyPublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let count: Int
    }

    public struct HandleEvents<Upstream: Publisher>: _TypeCheckOnlyPublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
    }

    public struct ReplaceError<Upstream: Publisher>: _TypeCheckOnlyPublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Never
        public let upstream: Upstream
        public let output: Upstream.Output
    }

    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: _TypeCheckOnlyPublisher
    where Upstream.Output == NewPublisher.Output {
        public typealias Output = Upstream.Output
        public typealias Failure = NewPublisher.Failure
        public let upstream: Upstream
        public let handler: (Upstream.Failure) -> NewPublisher
    }

    public struct SetFailureType<Upstream: Publisher, Failure: Error>: _TypeCheckOnlyPublisher
    where Upstream.Failure == Never {
        public typealias Output = Upstream.Output
        public let upstream: Upstream
    }

    public struct FlatMap<NewPublisher: Publisher, Upstream: Publisher>: _TypeCheckOnlyPublisher
    where NewPublisher.Failure == Upstream.Failure {
        public typealias Output = NewPublisher.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let transform: (Upstream.Output) -> NewPublisher
    }

    public struct SwitchToLatest<P: Publisher, Upstream: Publisher>: _TypeCheckOnlyPublisher
    where Upstream.Output == P, P.Failure == Upstream.Failure {
        public typealias Output = P.Output
        public typealias Failure = P.Failure
        public let upstream: Upstream
    }

    public struct CombineLatest<A: Publisher, B: Publisher>: _TypeCheckOnlyPublisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public init(_ a: A, _ b: B) { self.a = a; self.b = b }
    }

    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: _TypeCheckOnlyPublisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C
        public init(_ a: A, _ b: B, _ c: C) { self.a = a; self.b = b; self.c = c }
    }

    public struct Merge<A: Publisher, B: Publisher>: _TypeCheckOnlyPublisher
    where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public init(_ a: A, _ b: B) { self.a = a; self.b = b }
    }

    /// Publishers of one type, merged: every upstream must have the same type.
    public struct MergeMany<Upstream: Publisher>: _TypeCheckOnlyPublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let publishers: [Upstream]
        public init(_ upstream: Upstream...) { publishers = upstream }
        public init<S: Swift.Sequence>(_ upstream: S) where S.Element == Upstream { publishers = Array(upstream) }
    }

    public struct Zip<A: Publisher, B: Publisher>: _TypeCheckOnlyPublisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public init(_ a: A, _ b: B) { self.a = a; self.b = b }
    }

    public struct Scan<Upstream: Publisher, Output>: _TypeCheckOnlyPublisher {
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public let initialResult: Output
        public let nextPartialResult: (Output, Upstream.Output) -> Output
    }

    public struct Collect<Upstream: Publisher>: _TypeCheckOnlyPublisher {
        public typealias Output = [Upstream.Output]
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
    }

    public struct First<Upstream: Publisher>: _TypeCheckOnlyPublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
    }

    public struct Concatenate<Prefix: Publisher, Suffix: Publisher>: _TypeCheckOnlyPublisher
    where Prefix.Output == Suffix.Output, Prefix.Failure == Suffix.Failure {
        public typealias Output = Suffix.Output
        public typealias Failure = Suffix.Failure
        public let prefix: Prefix
        public let suffix: Suffix
    }

    public final class Share<Upstream: Publisher>: _TypeCheckOnlyPublisher, Equatable {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let upstream: Upstream
        public init(upstream: Upstream) { self.upstream = upstream }
        public static func == (lhs: Share, rhs: Share) -> Bool { lhs === rhs }
    }

    public struct Sequence<Elements: Swift.Sequence, Failure: Error>: _TypeCheckOnlyPublisher {
        public typealias Output = Elements.Element
        public let sequence: Elements
        public init(sequence: Elements) { self.sequence = sequence }
    }

    public class Autoconnect<Upstream: ConnectablePublisher>: _TypeCheckOnlyPublisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public final let upstream: Upstream
        public init(upstream: Upstream) { self.upstream = upstream }
    }
}

extension Publisher {
    public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: transform)
    }
    public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.Map<Self, T> {
        Publishers.Map(upstream: self, transform: { $0[keyPath: keyPath] })
    }
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> Publishers.TryMap<Self, T> {
        Publishers.TryMap(upstream: self, transform: transform)
    }
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
        Publishers.CompactMap(upstream: self, transform: transform)
    }
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> Publishers.MapError<Self, E> {
        Publishers.MapError(upstream: self, transform: transform)
    }
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
        Publishers.Filter(upstream: self, isIncluded: isIncluded)
    }
    public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
    }
    public func debounce<S: Scheduler>(for dueTime: S.SchedulerTimeType.Stride, scheduler: S,
                                       options: S.SchedulerOptions? = nil) -> Publishers.Debounce<Self, S> {
        Publishers.Debounce(upstream: self, dueTime: dueTime, scheduler: scheduler)
    }
    public func throttle<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, scheduler: S,
                                       latest: Bool) -> Publishers.Throttle<Self, S> {
        Publishers.Throttle(upstream: self, interval: interval, scheduler: scheduler, latest: latest)
    }
    public func delay<S: Scheduler>(for interval: S.SchedulerTimeType.Stride, tolerance: S.SchedulerTimeType.Stride? = nil,
                                    scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.Delay<Self, S> {
        Publishers.Delay(upstream: self, interval: interval, scheduler: scheduler)
    }
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil) -> Publishers.ReceiveOn<Self, S> {
        Publishers.ReceiveOn(upstream: self, scheduler: scheduler)
    }
    public func dropFirst(_ count: Int = 1) -> Publishers.Drop<Self> {
        Publishers.Drop(upstream: self, count: count)
    }
    public func handleEvents(receiveSubscription: ((Subscription) -> Void)? = nil,
                             receiveOutput: ((Output) -> Void)? = nil,
                             receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil,
                             receiveCancel: (() -> Void)? = nil,
                             receiveRequest: ((Subscribers.Demand) -> Void)? = nil) -> Publishers.HandleEvents<Self> {
        Publishers.HandleEvents(upstream: self)
    }
    public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
        Publishers.ReplaceError(upstream: self, output: output)
    }
    public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> Publishers.Catch<Self, P> where Output == P.Output {
        Publishers.Catch(upstream: self, handler: handler)
    }
    public func flatMap<T, P: Publisher>(maxPublishers: Subscribers.Demand = .unlimited,
                                         _ transform: @escaping (Output) -> P) -> Publishers.FlatMap<P, Self>
    where T == P.Output, Failure == P.Failure {
        Publishers.FlatMap(upstream: self, transform: transform)
    }
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P> where Failure == P.Failure {
        Publishers.CombineLatest(self, other)
    }
    public func combineLatest<P: Publisher, T>(_ other: P, _ transform: @escaping (Output, P.Output) -> T)
        -> Publishers.Map<Publishers.CombineLatest<Self, P>, T> where Failure == P.Failure {
        Publishers.CombineLatest(self, other).map(transform)
    }
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P> where Failure == P.Failure, Output == P.Output {
        Publishers.Merge(self, other)
    }
    public func zip<P: Publisher>(_ other: P) -> Publishers.Zip<Self, P> where Failure == P.Failure {
        Publishers.Zip(self, other)
    }
    public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> Publishers.Scan<Self, T> {
        Publishers.Scan(upstream: self, initialResult: initialResult, nextPartialResult: nextPartialResult)
    }
    public func collect() -> Publishers.Collect<Self> { Publishers.Collect(upstream: self) }
    public func first() -> Publishers.First<Self> { Publishers.First(upstream: self) }
    public func prepend(_ elements: Output...) -> Publishers.Concatenate<Publishers.Sequence<[Output], Failure>, Self> {
        Publishers.Concatenate(prefix: Publishers.Sequence(sequence: elements), suffix: self)
    }
    public func append(_ elements: Output...) -> Publishers.Concatenate<Self, Publishers.Sequence<[Output], Failure>> {
        Publishers.Concatenate(prefix: self, suffix: Publishers.Sequence(sequence: elements))
    }
    public func share() -> Publishers.Share<Self> { Publishers.Share(upstream: self) }
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> { AnyPublisher(self) }
}

extension Publisher where Output: Equatable {
    public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> {
        Publishers.RemoveDuplicates(upstream: self, predicate: ==)
    }
}

extension Publisher where Failure == Never {
    public func setFailureType<E: Error>(to failureType: E.Type) -> Publishers.SetFailureType<Self, E> {
        Publishers.SetFailureType(upstream: self)
    }
}

extension Publisher where Output: Publisher, Output.Failure == Failure {
    public func switchToLatest() -> Publishers.SwitchToLatest<Output, Self> {
        Publishers.SwitchToLatest(upstream: self)
    }
}

// MARK: - async bridging (Publisher.values)

public struct AsyncPublisher<P: Publisher>: AsyncSequence where P.Failure == Never {
    public typealias Element = P.Output
    public struct Iterator: AsyncIteratorProtocol {
        public mutating func next() async -> P.Output? { _typeCheckOnly() }
    }
    public init(_ publisher: P) {}
    public func makeAsyncIterator() -> Iterator { Iterator() }
}

public struct AsyncThrowingPublisher<P: Publisher>: AsyncSequence {
    public typealias Element = P.Output
    public struct Iterator: AsyncIteratorProtocol {
        public mutating func next() async throws -> P.Output? { _typeCheckOnly() }
    }
    public init(_ publisher: P) {}
    public func makeAsyncIterator() -> Iterator { Iterator() }
}

extension Publisher where Failure == Never {
    public var values: AsyncPublisher<Self> { AsyncPublisher(self) }
}

extension Publisher {
    public var values: AsyncThrowingPublisher<Self> { AsyncThrowingPublisher(self) }
}

// MARK: - Concrete publishers (AnyPublisher, Just, Empty, Fail, Future, Deferred)

public struct AnyPublisher<Output, Failure: Error>: _TypeCheckOnlyPublisher, CustomStringConvertible {
    public init<P: Publisher>(_ publisher: P) where Output == P.Output, Failure == P.Failure {}
    public var description: String { "AnyPublisher" }
}

public struct Just<Output>: _TypeCheckOnlyPublisher {
    public typealias Failure = Never
    public let output: Output
    public init(_ output: Output) { self.output = output }
}

public struct Empty<Output, Failure: Error>: _TypeCheckOnlyPublisher, Equatable {
    public let completeImmediately: Bool
    public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.completeImmediately = completeImmediately
    }
}

public struct Fail<Output, Failure: Error>: _TypeCheckOnlyPublisher {
    public let error: Failure
    public init(error: Failure) { self.error = error }
    public init(outputType: Output.Type, failure: Failure) { self.error = failure }
}

public final class Future<Output, Failure: Error>: _TypeCheckOnlyPublisher {
    public typealias Promise = (Result<Output, Failure>) -> Void
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {}
}

extension Future where Failure == Never {
    public var value: Output { get async { _typeCheckOnly() } }
}

extension Future {
    public var value: Output { get async throws { _typeCheckOnly() } }
}

public struct Deferred<DeferredPublisher: Publisher>: _TypeCheckOnlyPublisher {
    public typealias Output = DeferredPublisher.Output
    public typealias Failure = DeferredPublisher.Failure
    public let createPublisher: () -> DeferredPublisher
    public init(createPublisher: @escaping () -> DeferredPublisher) { self.createPublisher = createPublisher }
}

extension Sequence {
    public var publisher: Publishers.Sequence<Self, Never> { Publishers.Sequence(sequence: self) }
}

// MARK: - Subjects (Subject, PassthroughSubject, CurrentValueSubject)

public protocol Subject<Output, Failure>: AnyObject, Publisher {
    func send(_ value: Output)
    func send(completion: Subscribers.Completion<Failure>)
    func send(subscription: Subscription)
}

extension Subject where Output == Void {
    public func send() { send(()) }
}

public final class PassthroughSubject<Output, Failure: Error>: Subject, _TypeCheckOnlyPublisher {
    public init() {}
    public func send(_ input: Output) {}
    public func send(completion: Subscribers.Completion<Failure>) {}
    public func send(subscription: Subscription) {}
}

public final class CurrentValueSubject<Output, Failure: Error>: Subject, _TypeCheckOnlyPublisher {
    public var value: Output
    public init(_ value: Output) { self.value = value }
    public func send(_ input: Output) { value = input }
    public func send(completion: Subscribers.Completion<Failure>) {}
    public func send(subscription: Subscription) {}
}

// MARK: - ConnectablePublisher (connect, autoconnect)

public protocol ConnectablePublisher: Publisher {
    func connect() -> Cancellable
}

extension ConnectablePublisher {
    public func autoconnect() -> Publishers.Autoconnect<Self> { Publishers.Autoconnect(upstream: self) }
}

// MARK: - ObservableObject, ObservableObjectPublisher, @Published

/// Mirrors ObservableObjectPublisher: `objectWillChange.send()`.
public final class ObservableObjectPublisher: _TypeCheckOnlyPublisher {
    public typealias Output = Void
    public typealias Failure = Never
    public init() {}
    public func send() {}
}

/// Mirrors ObservableObject: a class-only protocol whose `objectWillChange` publisher
/// defaults to `ObservableObjectPublisher`.
public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

/// Mirrors @Published, including Apple's class-only restriction (the plain `wrappedValue`
/// is unavailable; classes go through the enclosing-instance subscript).
@propertyWrapper
public struct Published<Value> {
    private var storage: Value

    public init(wrappedValue: Value) { storage = wrappedValue }
    public init(initialValue: Value) { storage = initialValue }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].storage }
        set { object[keyPath: storageKeyPath].storage = newValue }
    }

    /// `$property` — a publisher of the property's values.
    public var projectedValue: Published<Value>.Publisher {
        mutating get { Publisher() }
        set {}
    }

    public struct Publisher: _TypeCheckOnlyPublisher {
        public typealias Output = Value
        public typealias Failure = Never
    }
}

// MARK: - Schedulers (Scheduler, SchedulerTimeIntervalConvertible; DispatchQueue, RunLoop, OperationQueue, ImmediateScheduler)

public protocol SchedulerTimeIntervalConvertible {
    static func seconds(_ s: Int) -> Self
    static func seconds(_ s: Double) -> Self
    static func milliseconds(_ ms: Int) -> Self
    static func microseconds(_ us: Int) -> Self
    static func nanoseconds(_ ns: Int) -> Self
}

public protocol Scheduler<SchedulerTimeType> {
    associatedtype SchedulerTimeType: Strideable where SchedulerTimeType.Stride: SchedulerTimeIntervalConvertible
    associatedtype SchedulerOptions
    var now: SchedulerTimeType { get }
    var minimumTolerance: SchedulerTimeType.Stride { get }
    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
                  options: SchedulerOptions?, _ action: @escaping () -> Void)
}

extension Scheduler {
    public func schedule(_ action: @escaping () -> Void) { schedule(options: nil, action) }
}

/// A time interval in seconds; the stride type of the stand-in schedulers
/// (`.milliseconds(300)`, `.seconds(1)`, `0.5`).
public struct _SchedulerStride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable,
    ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    public var timeInterval: Double
    public init(_ timeInterval: Double) { self.timeInterval = timeInterval }
    public init(floatLiteral value: Double) { timeInterval = value }
    public init(integerLiteral value: Int) { timeInterval = Double(value) }
    public init?<T: BinaryInteger>(exactly source: T) { timeInterval = Double(source) }
    public var magnitude: Double { abs(timeInterval) }
    public static func seconds(_ s: Int) -> Self { Self(Double(s)) }
    public static func seconds(_ s: Double) -> Self { Self(s) }
    public static func milliseconds(_ ms: Int) -> Self { Self(Double(ms) / 1e3) }
    public static func microseconds(_ us: Int) -> Self { Self(Double(us) / 1e6) }
    public static func nanoseconds(_ ns: Int) -> Self { Self(Double(ns) / 1e9) }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.timeInterval < rhs.timeInterval }
    public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.timeInterval + rhs.timeInterval) }
    public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.timeInterval - rhs.timeInterval) }
    public static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.timeInterval * rhs.timeInterval) }
    public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
    public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
    public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }
}

/// A point in time for the stand-in schedulers.
public struct _SchedulerTime: Strideable, Hashable {
    public var date: Date
    public init(_ date: Date) { self.date = date }
    public func distance(to other: Self) -> _SchedulerStride {
        _SchedulerStride(other.date.timeIntervalSince(date))
    }
    public func advanced(by n: _SchedulerStride) -> Self { Self(date.addingTimeInterval(n.timeInterval)) }
}

extension DispatchQueue: Scheduler {
    public typealias SchedulerTimeType = _SchedulerTime
    public struct SchedulerOptions {
        public init() {}
    }
    public var now: _SchedulerTime { _SchedulerTime(Date()) }
    public var minimumTolerance: _SchedulerStride { .nanoseconds(0) }
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { _typeCheckOnly() }
    public func schedule(after date: _SchedulerTime, tolerance: _SchedulerStride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) { _typeCheckOnly() }
}

extension RunLoop: Scheduler {
    public typealias SchedulerTimeType = _SchedulerTime
    public struct SchedulerOptions {
        public init() {}
    }
    public var now: _SchedulerTime { _SchedulerTime(Date()) }
    public var minimumTolerance: _SchedulerStride { .nanoseconds(0) }
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { _typeCheckOnly() }
    public func schedule(after date: _SchedulerTime, tolerance: _SchedulerStride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) { _typeCheckOnly() }
}

extension OperationQueue: Scheduler {
    public typealias SchedulerTimeType = _SchedulerTime
    public struct SchedulerOptions {
        public init() {}
    }
    public var now: _SchedulerTime { _SchedulerTime(Date()) }
    public var minimumTolerance: _SchedulerStride { .nanoseconds(0) }
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { _typeCheckOnly() }
    public func schedule(after date: _SchedulerTime, tolerance: _SchedulerStride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) { _typeCheckOnly() }
}

public struct ImmediateScheduler: Scheduler {
    public typealias SchedulerTimeType = _SchedulerTime
    public typealias SchedulerOptions = Never
    public static let shared = ImmediateScheduler()
    public var now: _SchedulerTime { _SchedulerTime(Date()) }
    public var minimumTolerance: _SchedulerStride { .nanoseconds(0) }
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { action() }
    public func schedule(after date: _SchedulerTime, tolerance: _SchedulerStride,
                         options: SchedulerOptions?, _ action: @escaping () -> Void) { action() }
}

// MARK: - Foundation publishers (Timer.publish, NotificationCenter.publisher, KVO publisher)

extension Timer {
    public static func publish(every interval: TimeInterval, tolerance: TimeInterval? = nil,
                               on runLoop: RunLoop, in mode: RunLoop.Mode,
                               options: RunLoop.SchedulerOptions? = nil) -> Timer.TimerPublisher {
        TimerPublisher(interval: interval, runLoop: runLoop, mode: mode)
    }

    public final class TimerPublisher: ConnectablePublisher, _TypeCheckOnlyPublisher {
        public typealias Output = Date
        public typealias Failure = Never
        public let interval: TimeInterval
        public let runLoop: RunLoop
        public let mode: RunLoop.Mode
        public init(interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop,
                    mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil) {
            self.interval = interval
            self.runLoop = runLoop
            self.mode = mode
        }
        public func connect() -> Cancellable { AnyCancellable {} }
    }
}

extension NotificationCenter {
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationCenter.Publisher {
        Publisher(center: self, name: name, object: object)
    }

    public struct Publisher: _TypeCheckOnlyPublisher {
        public typealias Output = Notification
        public typealias Failure = Never
        public let center: NotificationCenter
        public let name: Notification.Name
        public let object: AnyObject?
        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }
    }
}
