// Stand-in for Apple's SwiftUI, used only by the compile oracle (OracleTests).
//
// It mirrors the public API surface, the generic constraints and the actor isolation of the
// data-flow parts of SwiftUI (property wrappers, environment, bindings) faithfully, and a
// common subset of views and modifiers loosely (right names, labels and closure shapes; the
// opaque `some View` results hide the real modifier types). Nothing here is meant to run.
// Build with: swiftc -emit-module -parse-as-library -swift-version 5 -module-name SwiftUI
// -I <dir with Combine.swiftmodule> SwiftUI.swift
@_exported import Combine
@_exported import Foundation
@_exported import Observation

// MARK: - Internal storage helpers (not part of SwiftUI's API)

@usableFromInline
final class _Box<Value> {
    @usableFromInline var value: Value
    @usableFromInline init(_ value: Value) { self.value = value }
}

// MARK: - View, ViewBuilder and the structural views (TupleView, _ConditionalContent, AnyView, EmptyView)

/// Mirrors SwiftUI.View.
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// Views whose body is never called (SwiftUI's built-in views); supplies `body`.
public protocol _PrimitiveView: View where Body == Never {}
extension _PrimitiveView {
    public var body: Never { _typeCheckOnly() }
}

extension Never: View {
    public typealias Body = Never
    public var body: Never { _typeCheckOnly() }
}

extension Optional: View, _PrimitiveView where Wrapped: View {}

public struct EmptyView {
    public init() {}
}
extension EmptyView: _PrimitiveView {}

public struct TupleView<T> {
    public var value: T
    public init(_ value: T) { self.value = value }
}
extension TupleView: _PrimitiveView {}

public struct _ConditionalContent<TrueContent, FalseContent> {
    enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    let storage: Storage
}
extension _ConditionalContent: View, _PrimitiveView where TrueContent: View, FalseContent: View {}

public struct AnyView {
    public init<V: View>(_ view: V) {}
    public init<V: View>(erasing view: V) {}
    public init?(_fromValue value: Any) { return nil }
}
extension AnyView: _PrimitiveView {}

/// Mirrors SwiftUI.ViewBuilder (iOS 17: variadic buildBlock via parameter packs).
@resultBuilder
public struct ViewBuilder {
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .trueContent(first))
    }
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent> {
        _ConditionalContent(storage: .falseContent(second))
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

// MARK: - ViewModifier, ModifiedContent, .modifier(_:)

@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

public struct _ViewModifier_Content<Modifier: ViewModifier> {}
extension _ViewModifier_Content: _PrimitiveView {}

public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}
extension ModifiedContent: View, _PrimitiveView where Content: View, Modifier: ViewModifier {}

nonisolated extension View {
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

// MARK: - App, Scene, SceneBuilder, WindowGroup

/// Mirrors SwiftUI.App; `@main struct MyApp: App` works through the `main()` below.
@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    @MainActor @preconcurrency public static func main() { _typeCheckOnly() }
}

/// Mirrors SwiftUI.Scene.
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

extension Never: Scene {}

public protocol _PrimitiveScene: Scene where Body == Never {}
extension _PrimitiveScene {
    public var body: Never { _typeCheckOnly() }
}

public struct _TupleScene<T> {
    public var value: T
    public init(_ value: T) { self.value = value }
}
extension _TupleScene: _PrimitiveScene {}
extension Optional: Scene, _PrimitiveScene where Wrapped: Scene {}

@resultBuilder
public struct SceneBuilder {
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: Scene>(_ content: repeat each Content) -> _TupleScene<(repeat each Content)> {
        _TupleScene((repeat each content))
    }
    public static func buildOptional<Content: Scene>(_ content: Content?) -> Content? { content }
    public static func buildLimitedAvailability<Content: Scene>(_ content: Content) -> Content { content }
}

public struct WindowGroup<Content: View> {
    public init(@ViewBuilder content: () -> Content) {}
    public init(id: String, @ViewBuilder content: () -> Content) {}
    public init(_ title: Text, @ViewBuilder content: () -> Content) {}
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
    public init(_ titleKey: LocalizedStringKey, id: String, @ViewBuilder content: () -> Content) {}
}
extension WindowGroup: _PrimitiveScene {}

/// Mirrors the macOS `Window` and `Settings` scenes.
public struct Window<Content: View> {
    public init(_ titleKey: LocalizedStringKey, id: String, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, id: String, @ViewBuilder content: () -> Content) {}
}
extension Window: _PrimitiveScene {}

public struct Settings<Content: View> {
    public init(@ViewBuilder content: () -> Content) {}
}
extension Settings: _PrimitiveScene {}

/// Scene modifiers that carry data flow.
nonisolated extension Scene {
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some Scene { self }
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some Scene { self }
    public func environmentObject<T: ObservableObject>(_ object: T) -> some Scene { self }
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some Scene { self }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some Scene { self }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some Scene { self }
}

/// Mirrors ScenePhase (`@Environment(\.scenePhase)`).
public enum ScenePhase: Comparable, Hashable {
    case background, inactive, active
}

// MARK: - DynamicProperty and the state property wrappers (State, Binding)

/// Mirrors SwiftUI.DynamicProperty.
public protocol DynamicProperty {
    mutating func update()
}
extension DynamicProperty {
    public mutating func update() {}
}

/// Mirrors @State: view-owned value storage; `$x` is a `Binding<Value>`.
@frozen @propertyWrapper
public struct State<Value>: DynamicProperty {
    @usableFromInline let box: _Box<Value>

    public init(wrappedValue value: Value) { box = _Box(value) }
    public init(initialValue value: Value) { box = _Box(value) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    public init() { self.init(wrappedValue: nil) }
}

/// Mirrors @Binding: a read-write reference to a value owned elsewhere.
@frozen @propertyWrapper @dynamicMemberLookup
public struct Binding<Value>: DynamicProperty {
    @usableFromInline let getValue: () -> Value
    @usableFromInline let setValue: (Value) -> Void

    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getValue = get
        setValue = set
    }

    public init(get: @escaping () -> Value, set: @escaping (Value, Transaction) -> Void) {
        getValue = get
        setValue = { set($0, Transaction()) }
    }

    public init(projectedValue: Binding<Value>) { self = projectedValue }

    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    public var wrappedValue: Value {
        get { getValue() }
        nonmutating set { setValue(newValue) }
    }

    public var projectedValue: Binding<Value> { self }

    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(get: { self.wrappedValue[keyPath: keyPath] },
                         set: { self.wrappedValue[keyPath: keyPath] = $0 })
    }

    public func animation(_ animation: Animation? = .default) -> Binding<Value> { self }
    public func transaction(_ transaction: Transaction) -> Binding<Value> { self }
}

extension Binding {
    public init<V>(_ base: Binding<V>) where Value == V? {
        self.init(get: { base.wrappedValue }, set: { if let v = $0 { base.wrappedValue = v } })
    }
    public init?(_ base: Binding<Value?>) {
        guard let value = base.wrappedValue else { return nil }
        self.init(get: { base.wrappedValue ?? value }, set: { base.wrappedValue = $0 })
    }
    public init<V: Hashable>(_ base: Binding<V>) where Value == AnyHashable {
        self.init(get: { AnyHashable(base.wrappedValue) }, set: { if let v = $0.base as? V { base.wrappedValue = v } })
    }
}

extension Binding: Identifiable where Value: Identifiable {
    public var id: Value.ID { wrappedValue.id }
}

/// `ForEach($items) { $item in ... }`: a binding to a collection is a collection of bindings.
extension Binding: Sequence where Value: MutableCollection {
    public typealias Element = Binding<Value.Element>
    public typealias Iterator = IndexingIterator<Binding<Value>>
    public typealias SubSequence = Slice<Binding<Value>>
}

extension Binding: Collection where Value: MutableCollection {
    public typealias Index = Value.Index
    public typealias Indices = Value.Indices
    public var startIndex: Value.Index { wrappedValue.startIndex }
    public var endIndex: Value.Index { wrappedValue.endIndex }
    public var indices: Value.Indices { wrappedValue.indices }
    public func index(after i: Value.Index) -> Value.Index { wrappedValue.index(after: i) }
    public subscript(position: Value.Index) -> Binding<Value.Element> {
        Binding<Value.Element>(get: { self.wrappedValue[position] }, set: { self.wrappedValue[position] = $0 })
    }
}

extension Binding: BidirectionalCollection where Value: BidirectionalCollection, Value: MutableCollection {
    public func index(before i: Value.Index) -> Value.Index { wrappedValue.index(before: i) }
}

extension Binding: RandomAccessCollection where Value: MutableCollection, Value: RandomAccessCollection {
    public func index(_ i: Value.Index, offsetBy distance: Int) -> Value.Index { wrappedValue.index(i, offsetBy: distance) }
    public func distance(from start: Value.Index, to end: Value.Index) -> Int { wrappedValue.distance(from: start, to: end) }
}

/// Mirrors Transaction (only so `Binding(get:set:)` with a transaction exists).
public struct Transaction {
    public init() {}
    public init(animation: Animation?) {}
    public var animation: Animation?
}

// MARK: - Combine-era object wrappers (StateObject, ObservedObject, EnvironmentObject): require ObservableObject

/// Mirrors @StateObject: the view owns an ObservableObject, created once from the autoclosure.
@frozen @propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    @usableFromInline let thunk: () -> ObjectType

    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) { self.thunk = thunk }

    @MainActor @preconcurrency public var wrappedValue: ObjectType { thunk() }

    @MainActor @preconcurrency public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject(wrappedValue: thunk()).projectedValue
    }
}

/// Mirrors @ObservedObject: the view observes an ObservableObject it does not own.
@frozen @propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// `$model.property` gives a `Binding` to a property of the observed object.
    @dynamicMemberLookup @frozen
    public struct Wrapper {
        @usableFromInline let root: ObjectType
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let root = self.root
            return Binding(get: { root[keyPath: keyPath] }, set: { root[keyPath: keyPath] = $0 })
        }
    }

    public init(initialValue: ObjectType) { wrappedValue = initialValue }
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }

    public var wrappedValue: ObjectType

    public var projectedValue: ObservedObject<ObjectType>.Wrapper { Wrapper(root: wrappedValue) }
}

/// Mirrors @EnvironmentObject: an ObservableObject supplied by `.environmentObject(_:)`.
@frozen @propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    @dynamicMemberLookup @frozen
    public struct Wrapper {
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            _typeCheckOnly()
        }
    }

    public init() {}

    @MainActor @preconcurrency public var wrappedValue: ObjectType { _typeCheckOnly() }

    @MainActor @preconcurrency public var projectedValue: EnvironmentObject<ObjectType>.Wrapper { Wrapper() }
}

/// Mirrors @FocusedObject: the ObservableObject the focused view or scene publishes with
/// `.focusedObject(_:)` or `.focusedSceneObject(_:)`.
@frozen @propertyWrapper
public struct FocusedObject<ObjectType: ObservableObject>: DynamicProperty {
    public init() {}

    @MainActor @preconcurrency public var wrappedValue: ObjectType? { nil }
}

/// Mirrors FocusedValueKey and FocusedValues: the values the focused view or scene publishes
/// with `.focusedValue(_:_:)` or `.focusedSceneValue(_:_:)`, read with @FocusedValue.
public protocol FocusedValueKey {
    associatedtype Value
}

public struct FocusedValues {
    public subscript<Key: FocusedValueKey>(key: Key.Type) -> Key.Value? {
        get { nil }
        set {}
    }
}

/// Mirrors @FocusedValue: the value of a FocusedValues entry, nil when nothing focused publishes one.
@propertyWrapper
public struct FocusedValue<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<FocusedValues, Value?>) {}

    @MainActor @preconcurrency public var wrappedValue: Value? { nil }
}

// MARK: - Observation-era wrappers (Bindable, Environment object form): require AnyObject & Observable

/// Mirrors @Bindable (iOS 17): bindings to the properties of an `@Observable` object.
@dynamicMemberLookup @propertyWrapper
public struct Bindable<Value> {
    @usableFromInline var object: Value

    public var wrappedValue: Value {
        get { object }
        set { object = newValue }
    }

    public var projectedValue: Bindable<Value> { self }

    // As in Apple's interface: unconstrained but unavailable, so that the constrained inits
    // below are the usable ones and other types get this message.
    @available(*, unavailable, message: "The wrapped value must be an object that conforms to Observable")
    public init(wrappedValue: Value) { object = wrappedValue }

    @available(*, unavailable, message: "The wrapped value must be an object that conforms to Observable")
    public init(projectedValue: Bindable<Value>) { self = projectedValue }

    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
    where Value: AnyObject {
        let root = wrappedValue
        return Binding(get: { root[keyPath: keyPath] }, set: { root[keyPath: keyPath] = $0 })
    }
}

extension Bindable where Value: AnyObject, Value: Observable {
    public init(wrappedValue: Value) { object = wrappedValue }
    public init(_ wrappedValue: Value) { object = wrappedValue }
    public init(projectedValue: Bindable<Value>) { self = projectedValue }
}

extension Bindable: Identifiable where Value: Identifiable {
    public var id: Value.ID { wrappedValue.id }
}

extension Bindable: DynamicProperty {}

/// Mirrors @Environment: a value from `EnvironmentValues` by key path, or (iOS 17) an
/// `@Observable` object supplied by `.environment(_:)`.
@frozen @propertyWrapper
public struct Environment<Value>: DynamicProperty {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}

    public var wrappedValue: Value { _typeCheckOnly() }
}

extension Environment {
    public init(_ objectType: Value.Type) where Value: AnyObject, Value: Observable {}
    public init<T>(_ objectType: T.Type) where Value == T?, T: AnyObject, T: Observable {}
}

// MARK: - EnvironmentValues, EnvironmentKey and the common environment values

/// Mirrors EnvironmentKey (custom environment values).
public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Self.Value { get }
}

/// Mirrors EnvironmentValues with a few of its common entries.
public struct EnvironmentValues: CustomStringConvertible {
    public init() {}
    public var description: String { "EnvironmentValues" }

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { K.defaultValue }
        set {}
    }

    public var dismiss: DismissAction { DismissAction() }
    public var openURL: OpenURLAction { get { OpenURLAction { _ in .handled } } set {} }
    public var refresh: RefreshAction? { nil }
    public var dismissSearch: DismissSearchAction { DismissSearchAction() }
    public var isSearching: Bool { false }
    public var isPresented: Bool { false }
    public var presentationMode: Binding<PresentationMode> { .constant(PresentationMode()) }
    public var editMode: Binding<EditMode>? { get { nil } set {} }
    public var colorScheme: ColorScheme { get { .light } set {} }
    public var scenePhase: ScenePhase { get { .active } set {} }
    public var horizontalSizeClass: UserInterfaceSizeClass? { get { nil } set {} }
    public var verticalSizeClass: UserInterfaceSizeClass? { get { nil } set {} }
    public var isEnabled: Bool { get { true } set {} }
    public var locale: Locale { get { Locale.current } set {} }
    public var calendar: Calendar { get { Calendar.current } set {} }
    public var timeZone: TimeZone { get { TimeZone.current } set {} }
    public var font: Font? { get { nil } set {} }
    public var lineLimit: Int? { get { nil } set {} }
    public var multilineTextAlignment: TextAlignment { get { .leading } set {} }
}

public struct DismissAction {
    public func callAsFunction() {}
}

public struct DismissSearchAction {
    public func callAsFunction() {}
}

public struct RefreshAction: Sendable {
    public func callAsFunction() async {}
}

public struct OpenURLAction {
    public struct Result {
        public static let handled = Result()
        public static let discarded = Result()
        public static let systemAction = Result()
    }
    public init(handler: @escaping (URL) -> OpenURLAction.Result) {}
    public func callAsFunction(_ url: URL) {}
    public func callAsFunction(_ url: URL, completion: @escaping (_ accepted: Bool) -> Void) {}
}

public struct PresentationMode {
    public var isPresented: Bool { false }
    public mutating func dismiss() {}
}

public enum EditMode: Hashable {
    case inactive, transient, active
    public var isEditing: Bool { self != .inactive }
}

public enum ColorScheme: CaseIterable, Hashable {
    case light, dark
}

public enum UserInterfaceSizeClass: Hashable {
    case compact, regular
}

// MARK: - Persistence wrappers (AppStorage, SceneStorage)

/// Mirrors @AppStorage: a UserDefaults-backed value (Bool/Int/Double/String/URL/Data or a
/// RawRepresentable with Int/String raw values; optional forms without a default).
@frozen @propertyWrapper
public struct AppStorage<Value>: DynamicProperty {
    @usableFromInline let box: _Box<Value>
    @usableFromInline init(_ value: Value) { box = _Box(value) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

extension AppStorage {
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool { self.init(wrappedValue) }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int { self.init(wrappedValue) }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double { self.init(wrappedValue) }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String { self.init(wrappedValue) }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL { self.init(wrappedValue) }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data { self.init(wrappedValue) }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == Int { self.init(wrappedValue) }
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil)
    where Value: RawRepresentable, Value.RawValue == String { self.init(wrappedValue) }
}

extension AppStorage where Value: ExpressibleByNilLiteral {
    public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? { self.init(nil) }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Int? { self.init(nil) }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Double? { self.init(nil) }
    public init(_ key: String, store: UserDefaults? = nil) where Value == String? { self.init(nil) }
    public init(_ key: String, store: UserDefaults? = nil) where Value == URL? { self.init(nil) }
    public init(_ key: String, store: UserDefaults? = nil) where Value == Data? { self.init(nil) }
}

/// Mirrors @SceneStorage: per-scene restorable value (same value types as AppStorage).
@frozen @propertyWrapper
public struct SceneStorage<Value>: DynamicProperty {
    @usableFromInline let box: _Box<Value>
    @usableFromInline init(_ value: Value) { box = _Box(value) }

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

extension SceneStorage {
    public init(wrappedValue: Value, _ key: String) where Value == Bool { self.init(wrappedValue) }
    public init(wrappedValue: Value, _ key: String) where Value == Int { self.init(wrappedValue) }
    public init(wrappedValue: Value, _ key: String) where Value == Double { self.init(wrappedValue) }
    public init(wrappedValue: Value, _ key: String) where Value == String { self.init(wrappedValue) }
    public init(wrappedValue: Value, _ key: String) where Value == URL { self.init(wrappedValue) }
    public init(wrappedValue: Value, _ key: String) where Value == Data { self.init(wrappedValue) }
    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == Int { self.init(wrappedValue) }
    public init(wrappedValue: Value, _ key: String) where Value: RawRepresentable, Value.RawValue == String { self.init(wrappedValue) }
}

extension SceneStorage where Value: ExpressibleByNilLiteral {
    public init(_ key: String) where Value == Bool? { self.init(nil) }
    public init(_ key: String) where Value == Int? { self.init(nil) }
    public init(_ key: String) where Value == Double? { self.init(nil) }
    public init(_ key: String) where Value == String? { self.init(nil) }
    public init(_ key: String) where Value == URL? { self.init(nil) }
    public init(_ key: String) where Value == Data? { self.init(nil) }
}

// MARK: - FocusState

/// Mirrors @FocusState and `.focused(_:)`.
@frozen @propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    @frozen @propertyWrapper
    public struct Binding {
        @usableFromInline let box: _Box<Value>
        public var wrappedValue: Value {
            get { box.value }
            nonmutating set { box.value = newValue }
        }
        public var projectedValue: FocusState<Value>.Binding { self }
    }

    @usableFromInline let box: _Box<Value>

    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    public var projectedValue: FocusState<Value>.Binding { Binding(box: box) }

    public init() where Value == Bool { box = _Box(false) }
    public init<T: Hashable>() where Value == T? { box = _Box(nil) }
}

// MARK: - Text, LocalizedStringKey, Font, Color, Image

/// Mirrors LocalizedStringKey: string literals passed to Text/Button/... become keys.
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {
    @usableFromInline let key: String

    public init(_ value: String) { key = value }
    public init(stringLiteral value: String) { key = value }
    public init(stringInterpolation: StringInterpolation) { key = stringInterpolation.key }

    /// Mirrors LocalizedStringKey.StringInterpolation: only these kinds of values can be
    /// interpolated (other values make Swift fall back to a `String`-taking overload).
    public struct StringInterpolation: StringInterpolationProtocol {
        @usableFromInline var key = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { key += literal }
        public mutating func appendInterpolation(_ string: String) { key += "%@" }
        public mutating func appendInterpolation<Subject: ReferenceConvertible>(_ subject: Subject, formatter: Formatter? = nil) { key += "%@" }
        public mutating func appendInterpolation<Subject: NSObject>(_ subject: Subject, formatter: Formatter? = nil) { key += "%@" }
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F)
        where F.FormatInput: Equatable, F.FormatOutput == String { key += "%@" }
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) { key += "%@" }
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T, specifier: String) { key += specifier }
        public mutating func appendInterpolation(_ text: Text) { key += "%@" }
        public mutating func appendInterpolation(_ image: Image) { key += "%@" }
        public mutating func appendInterpolation(_ attributedString: AttributedString) { key += "%@" }
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) { key += "%@" }
        public mutating func appendInterpolation(_ dates: ClosedRange<Date>) { key += "%@" }
    }
}

/// Mirrors SwiftUI's _FormatSpecifiable (numbers that can be interpolated into a LocalizedStringKey).
public protocol _FormatSpecifiable: Equatable {}
extension Int: _FormatSpecifiable {}
extension Int8: _FormatSpecifiable {}
extension Int16: _FormatSpecifiable {}
extension Int32: _FormatSpecifiable {}
extension Int64: _FormatSpecifiable {}
extension UInt: _FormatSpecifiable {}
extension UInt8: _FormatSpecifiable {}
extension UInt16: _FormatSpecifiable {}
extension UInt32: _FormatSpecifiable {}
extension UInt64: _FormatSpecifiable {}
extension Float: _FormatSpecifiable {}
extension Double: _FormatSpecifiable {}
extension CGFloat: _FormatSpecifiable {}

/// Mirrors Text and its text-returning modifiers.
public struct Text: Equatable {
    @usableFromInline let content: String

    public init(verbatim content: String) { self.content = content }
    @_disfavoredOverload public init<S: StringProtocol>(_ content: S) { self.content = String(content) }
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        content = key.key
    }
    public init(_ attributedContent: AttributedString) { content = String(attributedContent.characters) }
    public init(_ date: Date, style: Text.DateStyle) { content = "" }
    public init(_ dates: ClosedRange<Date>) { content = "" }
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        content = format.format(input)
    }
    public init<Subject: ReferenceConvertible>(_ subject: Subject, formatter: Formatter) { content = "" }
    public init(_ image: Image) { content = "" }

    public struct DateStyle: Sendable {
        public static let time = DateStyle()
        public static let date = DateStyle()
        public static let relative = DateStyle()
        public static let offset = DateStyle()
        public static let timer = DateStyle()
    }

    public func font(_ font: Font?) -> Text { self }
    public func fontWeight(_ weight: Font.Weight?) -> Text { self }
    public func bold() -> Text { self }
    public func bold(_ isActive: Bool) -> Text { self }
    public func italic() -> Text { self }
    public func italic(_ isActive: Bool) -> Text { self }
    public func monospaced(_ isActive: Bool = true) -> Text { self }
    public func monospacedDigit() -> Text { self }
    public func foregroundColor(_ color: Color?) -> Text { self }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text { self }
    public func kerning(_ kerning: CGFloat) -> Text { self }
    public func baselineOffset(_ baselineOffset: CGFloat) -> Text { self }

    public static func + (lhs: Text, rhs: Text) -> Text { Text(verbatim: lhs.content + rhs.content) }
}
extension Text: _PrimitiveView {}

public enum TextAlignment: Hashable, CaseIterable {
    case leading, center, trailing
}

/// Mirrors Font (text styles, system fonts, weights).
public struct Font: Hashable {
    @usableFromInline let name: String
    @usableFromInline init(name: String) { self.name = name }

    public static let largeTitle = Font(name: "largeTitle")
    public static let title = Font(name: "title")
    public static let title2 = Font(name: "title2")
    public static let title3 = Font(name: "title3")
    public static let headline = Font(name: "headline")
    public static let subheadline = Font(name: "subheadline")
    public static let body = Font(name: "body")
    public static let callout = Font(name: "callout")
    public static let footnote = Font(name: "footnote")
    public static let caption = Font(name: "caption")
    public static let caption2 = Font(name: "caption2")

    public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font { Font(name: "system") }
    public static func system(_ style: Font.TextStyle, design: Font.Design? = nil, weight: Font.Weight? = nil) -> Font { Font(name: "system") }
    public static func custom(_ name: String, size: CGFloat) -> Font { Font(name: name) }

    public func bold() -> Font { self }
    public func italic() -> Font { self }
    public func weight(_ weight: Font.Weight) -> Font { self }
    public func monospacedDigit() -> Font { self }

    public enum TextStyle: Hashable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    public struct Weight: Hashable {
        @usableFromInline let value: Double
        public static let ultraLight = Weight(value: -0.8)
        public static let thin = Weight(value: -0.6)
        public static let light = Weight(value: -0.4)
        public static let regular = Weight(value: 0)
        public static let medium = Weight(value: 0.23)
        public static let semibold = Weight(value: 0.3)
        public static let bold = Weight(value: 0.4)
        public static let heavy = Weight(value: 0.56)
        public static let black = Weight(value: 0.62)
    }

    public enum Design: Hashable {
        case `default`, serif, rounded, monospaced
    }
}

/// Mirrors ShapeStyle and the implicit-member forms `.foregroundStyle(.secondary)`, `.red`.
public protocol ShapeStyle {}

public struct HierarchicalShapeStyle: ShapeStyle {
    @usableFromInline let level: Int
    public static let primary = HierarchicalShapeStyle(level: 0)
    public static let secondary = HierarchicalShapeStyle(level: 1)
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    public static let quaternary = HierarchicalShapeStyle(level: 3)
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { HierarchicalShapeStyle.primary }
    public static var secondary: HierarchicalShapeStyle { HierarchicalShapeStyle.secondary }
    public static var tertiary: HierarchicalShapeStyle { HierarchicalShapeStyle.tertiary }
    public static var quaternary: HierarchicalShapeStyle { HierarchicalShapeStyle.quaternary }
}

/// Mirrors Color (a View and a ShapeStyle).
public struct Color: Hashable, ShapeStyle {
    @usableFromInline let name: String
    @usableFromInline init(name: String) { self.name = name }

    public init(_ name: String, bundle: Bundle? = nil) { self.name = name }
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) { name = "rgb" }
    public init(white: Double, opacity: Double = 1) { name = "white" }
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) { name = "hsb" }

    public static let red = Color(name: "red")
    public static let orange = Color(name: "orange")
    public static let yellow = Color(name: "yellow")
    public static let green = Color(name: "green")
    public static let mint = Color(name: "mint")
    public static let teal = Color(name: "teal")
    public static let cyan = Color(name: "cyan")
    public static let blue = Color(name: "blue")
    public static let indigo = Color(name: "indigo")
    public static let purple = Color(name: "purple")
    public static let pink = Color(name: "pink")
    public static let brown = Color(name: "brown")
    public static let white = Color(name: "white")
    public static let gray = Color(name: "gray")
    public static let black = Color(name: "black")
    public static let clear = Color(name: "clear")
    public static let primary = Color(name: "primary")
    public static let secondary = Color(name: "secondary")
    public static let accentColor = Color(name: "accentColor")

    public func opacity(_ opacity: Double) -> Color { self }
}
extension Color: _PrimitiveView {}

extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var white: Color { Color.white }
    public static var gray: Color { Color.gray }
    public static var black: Color { Color.black }
    public static var clear: Color { Color.clear }
}

/// Mirrors the Material styles (`.background(.ultraThinMaterial)`).
public struct Material: ShapeStyle {
    public static let ultraThinMaterial = Material()
    public static let thinMaterial = Material()
    public static let regularMaterial = Material()
    public static let thickMaterial = Material()
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { Material.ultraThinMaterial }
    public static var thinMaterial: Material { Material.thinMaterial }
    public static var regularMaterial: Material { Material.regularMaterial }
    public static var thickMaterial: Material { Material.thickMaterial }
}

/// Mirrors Image.
public struct Image: Equatable {
    @usableFromInline let name: String

    public init(_ name: String, bundle: Bundle? = nil) { self.name = name }
    public init(_ name: String, bundle: Bundle? = nil, label: Text) { self.name = name }
    public init(systemName: String) { name = systemName }
    public init(decorative name: String, bundle: Bundle? = nil) { self.name = name }

    public enum ResizingMode: Hashable { case tile, stretch }
    public enum TemplateRenderingMode: Hashable { case template, original }
    public enum Scale: Hashable { case small, medium, large }

    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: Image.ResizingMode = .stretch) -> Image { self }
    public func renderingMode(_ renderingMode: Image.TemplateRenderingMode?) -> Image { self }
}
extension Image: _PrimitiveView {}

/// Mirrors AsyncImage.
public struct AsyncImage<Content: View> {
    public init(url: URL?, scale: CGFloat = 1) where Content == Image {}
    public init<I: View, P: View>(url: URL?, scale: CGFloat = 1, @ViewBuilder content: @escaping (Image) -> I,
                                  @ViewBuilder placeholder: @escaping () -> P) where Content == _ConditionalContent<I, P> {}
}
extension AsyncImage: _PrimitiveView {}

// MARK: - Layout values (Alignment, Edge, EdgeInsets, Axis, UnitPoint, Angle)

public struct HorizontalAlignment: Equatable {
    @usableFromInline let id: Int
    public static let leading = HorizontalAlignment(id: 0)
    public static let center = HorizontalAlignment(id: 1)
    public static let trailing = HorizontalAlignment(id: 2)
}

public struct VerticalAlignment: Equatable {
    @usableFromInline let id: Int
    public static let top = VerticalAlignment(id: 0)
    public static let center = VerticalAlignment(id: 1)
    public static let bottom = VerticalAlignment(id: 2)
    public static let firstTextBaseline = VerticalAlignment(id: 3)
    public static let lastTextBaseline = VerticalAlignment(id: 4)
}

public struct Alignment: Equatable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

public enum Edge: Int8, CaseIterable, Hashable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Hashable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public init(_ e: Edge) { rawValue = 1 << e.rawValue }
        public static let top = Set(.top)
        public static let leading = Set(.leading)
        public static let bottom = Set(.bottom)
        public static let trailing = Set(.trailing)
        public static let all: Set = [.top, .leading, .bottom, .trailing]
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
    }
}

public struct EdgeInsets: Equatable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

public enum Axis: Int8, CaseIterable, Hashable {
    case horizontal, vertical

    public struct Set: OptionSet, Hashable {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

public struct UnitPoint: Hashable {
    public var x: CGFloat
    public var y: CGFloat
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
}

public struct Angle: Hashable, Comparable {
    public var radians: Double
    public var degrees: Double { radians * 180 / .pi }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static let zero = Angle(radians: 0)
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
}

// MARK: - Stacks and containers (VStack, HStack, ZStack, Lazy stacks/grids, Group, ScrollView, GeometryReader)

public struct VStack<Content: View> {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}
extension VStack: _PrimitiveView {}

public struct HStack<Content: View> {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
}
extension HStack: _PrimitiveView {}

public struct ZStack<Content: View> {
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}
}
extension ZStack: _PrimitiveView {}

public struct LazyVStack<Content: View> {
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {}
}
extension LazyVStack: _PrimitiveView {}

public struct LazyHStack<Content: View> {
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {}
}
extension LazyHStack: _PrimitiveView {}

public struct PinnedScrollableViews: OptionSet {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

public struct GridItem {
    public enum Size {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    public init(_ size: GridItem.Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {}
}

public struct LazyVGrid<Content: View> {
    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {}
}
extension LazyVGrid: _PrimitiveView {}

public struct LazyHGrid<Content: View> {
    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
                pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content) {}
}
extension LazyHGrid: _PrimitiveView {}

public struct Group<Content> {}
extension Group: View, _PrimitiveView where Content: View {
    public init(@ViewBuilder content: () -> Content) {}
}
extension Group: Scene, _PrimitiveScene where Content: Scene {
    public init(@SceneBuilder content: () -> Content) {}
}

public struct ScrollView<Content: View> {
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {}
}
extension ScrollView: _PrimitiveView {}

public struct ScrollViewProxy {
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {}
}

public struct ScrollViewReader<Content: View> {
    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {}
}
extension ScrollViewReader: _PrimitiveView {}

public struct GeometryProxy {
    public var size: CGSize { .zero }
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
    public func frame(in coordinateSpace: CoordinateSpace) -> CGRect { .zero }
}

public enum CoordinateSpace: Hashable {
    case global, local
    case named(AnyHashable)
}

public struct GeometryReader<Content: View> {
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {}
}
extension GeometryReader: _PrimitiveView {}

public struct Spacer {
    public init(minLength: CGFloat? = nil) {}
}
extension Spacer: _PrimitiveView {}

public struct Divider {
    public init() {}
}
extension Divider: _PrimitiveView {}

// MARK: - Shapes (Rectangle, RoundedRectangle, Circle, Capsule)

public protocol Shape: View {}

public struct Rectangle: Shape, _PrimitiveView {
    public init() {}
}
public struct RoundedRectangle: Shape, _PrimitiveView {
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}
}
public struct Circle: Shape, _PrimitiveView {
    public init() {}
}
public struct Capsule: Shape, _PrimitiveView {
    public init() {}
}
public enum RoundedCornerStyle: Hashable { case circular, continuous }

extension Shape where Self == Rectangle { public static var rect: Rectangle { Rectangle() } }
extension Shape where Self == Circle { public static var circle: Circle { Circle() } }
extension Shape where Self == Capsule { public static var capsule: Capsule { Capsule() } }
extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat) -> RoundedRectangle { RoundedRectangle(cornerRadius: cornerRadius) }
}

nonisolated extension Shape {
    public func fill<S: ShapeStyle>(_ content: S = .foreground) -> some View { self }
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View { self }
}

public struct ForegroundStyle: ShapeStyle {
    public init() {}
}
extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

// MARK: - Lists (List, ForEach, DynamicViewContent, Section, Form)

/// Mirrors ForEach over identified data, key-path ids and constant ranges.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
    public var content: (Data.Element) -> Content
}
extension ForEach: View, _PrimitiveView where Content: View {}

extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach where Content: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach where Data == Range<Int>, ID == Int, Content: View {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
    }
}

/// Mirrors DynamicViewContent (`.onDelete`, `.onMove` on ForEach).
public protocol DynamicViewContent: View {
    associatedtype Data: Collection
    var data: Self.Data { get }
}
extension ForEach: DynamicViewContent where Content: View {}

nonisolated extension DynamicViewContent {
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> some DynamicViewContent { self }
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> some DynamicViewContent { self }
}

/// SwiftUI's collection helpers for `.onDelete` / `.onMove`.
extension RangeReplaceableCollection where Self: MutableCollection {
    public mutating func remove(atOffsets offsets: IndexSet) {
        for offset in offsets.reversed() {
            remove(at: index(startIndex, offsetBy: offset))
        }
    }
}

extension MutableCollection {
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) { _typeCheckOnly() }
}

/// Mirrors List (static content, identified data, key-path ids, selection).
public struct List<SelectionValue: Hashable, Content: View> {
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {}
    public init(selection: Binding<Set<SelectionValue>>?, @ViewBuilder content: () -> Content) {}
}
extension List: _PrimitiveView {}

extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) {}

    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}

    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {}
}

extension List {
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<SelectionValue?>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}

    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<Set<SelectionValue>>?, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {}
}

public struct Section<Parent, Content, Footer> {}
extension Section: View, _PrimitiveView where Parent: View, Content: View, Footer: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {}
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {}
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) {}
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {}
    public init(header: Parent, @ViewBuilder content: () -> Content) {}
}

extension Section where Parent == EmptyView, Content: View, Footer: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {}
    public init(footer: Footer, @ViewBuilder content: () -> Content) {}
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

public struct Form<Content: View> {
    public init(@ViewBuilder content: () -> Content) {}
}
extension Form: _PrimitiveView {}

// MARK: - Navigation (NavigationStack, NavigationPath, NavigationView, NavigationSplitView, NavigationLink)

public struct NavigationPath: Equatable {
    @usableFromInline var elements: [AnyHashable] = []
    public init() {}
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable { self.elements = elements.map { AnyHashable($0) } }
    public var count: Int { elements.count }
    public var isEmpty: Bool { elements.isEmpty }
    public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }
    public mutating func removeLast(_ k: Int = 1) { elements.removeLast(k) }
}

public struct NavigationStack<Data, Root: View> {}
extension NavigationStack: _PrimitiveView {}

extension NavigationStack where Data == NavigationPath {
    public init(@ViewBuilder root: () -> Root) {}
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {}
}

extension NavigationStack where Data: MutableCollection, Data: RandomAccessCollection,
    Data: RangeReplaceableCollection, Data.Element: Hashable {
    public init(path: Binding<Data>, @ViewBuilder root: () -> Root) {}
}

public struct NavigationView<Content: View> {
    public init(@ViewBuilder content: () -> Content) {}
}
extension NavigationView: _PrimitiveView {}

public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View> {
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {}
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) where Content == EmptyView {}
}
extension NavigationSplitView: _PrimitiveView {}

public struct NavigationLink<Label: View, Destination: View> {
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
    public init(destination: Destination, @ViewBuilder label: () -> Label) {}
    public init(destination: Destination, isActive: Binding<Bool>, @ViewBuilder label: () -> Label) {}
    public init(isActive: Binding<Bool>, @ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
    public init<V: Hashable>(destination: Destination, tag: V, selection: Binding<V?>, @ViewBuilder label: () -> Label) {}
}
extension NavigationLink: _PrimitiveView {}

extension NavigationLink where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: () -> Destination) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) {}
    public init(_ titleKey: LocalizedStringKey, destination: Destination) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, destination: Destination) {}
}

extension NavigationLink where Destination == Never {
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {}
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) where Label == Text {}
    @_disfavoredOverload public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) where Label == Text {}
}

public enum NavigationBarItem {
    public enum TitleDisplayMode: Hashable { case automatic, inline, large }
}

// MARK: - TabView

public struct TabView<SelectionValue: Hashable, Content: View> {
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}
}
extension TabView: _PrimitiveView {}
extension TabView where SelectionValue == Int {
    public init(@ViewBuilder content: () -> Content) {}
}

// MARK: - Controls (Button, Toggle, TextField, SecureField, TextEditor, Slider, Stepper, Picker, DatePicker, ProgressView, Label, Link, Menu)

public struct ButtonRole: Equatable {
    @usableFromInline let id: Int
    public static let destructive = ButtonRole(id: 0)
    public static let cancel = ButtonRole(id: 1)
}

public struct Button<Label: View> {
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}
}
extension Button: _PrimitiveView {}

extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {}
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}
}

extension Button where Label == SwiftUI.Label<Text, Image> {
    public init(_ titleKey: LocalizedStringKey, systemImage: String, action: @escaping @MainActor () -> Void) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, systemImage: String, action: @escaping @MainActor () -> Void) {}
    public init(_ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole?, action: @escaping @MainActor () -> Void) {}
}

public struct Label<Title: View, Icon: View> {
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {}
}
extension Label: _PrimitiveView {}

extension Label where Title == Text, Icon == Image {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, systemImage name: String) {}
    public init(_ titleKey: LocalizedStringKey, image name: String) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, image name: String) {}
}

public struct Link<Label: View> {
    public init(destination: URL, @ViewBuilder label: () -> Label) {}
}
extension Link: _PrimitiveView {}
extension Link where Label == Text {
    public init(_ titleKey: LocalizedStringKey, destination: URL) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, destination: URL) {}
}

public struct Menu<Label: View, Content: View> {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
}
extension Menu: _PrimitiveView {}
extension Menu where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {}
}

public struct Toggle<Label: View> {
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
}
extension Toggle: _PrimitiveView {}
extension Toggle where Label == Text {
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {}
}

public struct TextField<Label: View> {
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {}
}
extension TextField: _PrimitiveView {}

extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text?) {}
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, axis: Axis) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>, axis: Axis) {}
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, onCommit: @escaping () -> Void) {}
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void) {}
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void,
                onCommit: @escaping () -> Void) {}
    public init<F: ParseableFormatStyle>(_ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F,
                                         prompt: Text? = nil) where F.FormatOutput == String {}
    @_disfavoredOverload
    public init<S: StringProtocol, F: ParseableFormatStyle>(_ title: S, value: Binding<F.FormatInput>, format: F,
                                                            prompt: Text? = nil) where F.FormatOutput == String {}
    public init<V>(_ titleKey: LocalizedStringKey, value: Binding<V>, formatter: Formatter) {}
}

public struct SecureField<Label: View> {
    public init(text: Binding<String>, prompt: Text? = nil, @ViewBuilder label: () -> Label) {}
}
extension SecureField: _PrimitiveView {}
extension SecureField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, text: Binding<String>) {}
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text?) {}
}

public struct TextEditor {
    public init(text: Binding<String>) {}
}
extension TextEditor: _PrimitiveView {}

public struct Slider<Label: View, ValueLabel: View> {}
extension Slider: _PrimitiveView {}

extension Slider where Label == EmptyView, ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
    where V.Stride: BinaryFloatingPoint {}
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
    where V.Stride: BinaryFloatingPoint {}
}

extension Slider where ValueLabel == EmptyView {
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
    where V.Stride: BinaryFloatingPoint {}
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                                        @ViewBuilder label: () -> Label, onEditingChanged: @escaping (Bool) -> Void = { _ in })
    where V.Stride: BinaryFloatingPoint {}
}

public struct Stepper<Label: View> {
    public init(onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {}
    public init<V: Strideable>(value: Binding<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {}
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }, @ViewBuilder label: () -> Label) {}
}
extension Stepper: _PrimitiveView {}

extension Stepper where Label == Text {
    public init(_ titleKey: LocalizedStringKey, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?,
                onEditingChanged: @escaping (Bool) -> Void = { _ in }) {}
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, step: V.Stride = 1,
                               onEditingChanged: @escaping (Bool) -> Void = { _ in }) {}
    @_disfavoredOverload
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, step: V.Stride = 1,
                                                  onEditingChanged: @escaping (Bool) -> Void = { _ in }) {}
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>,
                               step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }) {}
    @_disfavoredOverload
    public init<S: StringProtocol, V: Strideable>(_ title: S, value: Binding<V>, in bounds: ClosedRange<V>,
                                                  step: V.Stride = 1, onEditingChanged: @escaping (Bool) -> Void = { _ in }) {}
}

public struct Picker<Label: View, SelectionValue: Hashable, Content: View> {
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
}
extension Picker: _PrimitiveView {}
extension Picker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {}
}

public struct DatePickerComponents: OptionSet {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let hourAndMinute = DatePickerComponents(rawValue: 1)
    public static let date = DatePickerComponents(rawValue: 2)
}

public struct DatePicker<Label: View> {
    public init(selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date],
                @ViewBuilder label: () -> Label) {}
}
extension DatePicker: _PrimitiveView {}
extension DatePicker where Label == Text {
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>,
                displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {}
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: ClosedRange<Date>,
                displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {}
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
                displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Date>,
                                   displayedComponents: DatePickerComponents = [.hourAndMinute, .date]) {}
}

public struct ProgressView<Label: View, CurrentValueLabel: View> {}
extension ProgressView: _PrimitiveView {}
extension ProgressView where CurrentValueLabel == EmptyView {
    public init() where Label == EmptyView {}
    public init(@ViewBuilder label: () -> Label) {}
    public init(_ titleKey: LocalizedStringKey) where Label == Text {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S) where Label == Text {}
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) where Label == EmptyView {}
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) where Label == Text {}
    @_disfavoredOverload
    public init<S: StringProtocol, V: BinaryFloatingPoint>(_ title: S, value: V?, total: V = 1.0) where Label == Text {}
}

/// Mirrors ContentUnavailableView (iOS 17) and LabeledContent (iOS 16), text forms only.
public struct ContentUnavailableView<Label: View, Description: View, Actions: View> {}
extension ContentUnavailableView: _PrimitiveView {}
extension ContentUnavailableView where Label == SwiftUI.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    public init(_ titleKey: LocalizedStringKey, systemImage name: String, description: Text? = nil) {}
    @_disfavoredOverload public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {}
}

public struct LabeledContent<Label: View, Content: View> {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {}
}
extension LabeledContent: _PrimitiveView {}
extension LabeledContent where Label == Text, Content == Text {
    public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) {}
}
extension LabeledContent where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
}

// MARK: - Toolbar (ToolbarContent, ToolbarItem, ToolbarItemGroup, ToolbarContentBuilder)

@MainActor @preconcurrency
public protocol ToolbarContent {
    associatedtype Body: ToolbarContent
    @ToolbarContentBuilder @MainActor @preconcurrency var body: Self.Body { get }
}
extension Never: ToolbarContent {}

public protocol _PrimitiveToolbarContent: ToolbarContent where Body == Never {}
extension _PrimitiveToolbarContent {
    public var body: Never { _typeCheckOnly() }
}

public struct _TupleToolbarContent<T> {
    public init(_ value: T) {}
}
extension _TupleToolbarContent: _PrimitiveToolbarContent {}
extension Optional: ToolbarContent, _PrimitiveToolbarContent where Wrapped: ToolbarContent {}

public struct ToolbarItemPlacement {
    @usableFromInline let id: Int
    public static let automatic = ToolbarItemPlacement(id: 0)
    public static let principal = ToolbarItemPlacement(id: 1)
    public static let primaryAction = ToolbarItemPlacement(id: 2)
    public static let secondaryAction = ToolbarItemPlacement(id: 3)
    public static let confirmationAction = ToolbarItemPlacement(id: 4)
    public static let cancellationAction = ToolbarItemPlacement(id: 5)
    public static let destructiveAction = ToolbarItemPlacement(id: 6)
    public static let navigation = ToolbarItemPlacement(id: 7)
    public static let status = ToolbarItemPlacement(id: 8)
    public static let bottomBar = ToolbarItemPlacement(id: 9)
    public static let topBarLeading = ToolbarItemPlacement(id: 10)
    public static let topBarTrailing = ToolbarItemPlacement(id: 11)
    public static let navigationBarLeading = ToolbarItemPlacement(id: 12)
    public static let navigationBarTrailing = ToolbarItemPlacement(id: 13)
    public static let keyboard = ToolbarItemPlacement(id: 14)
}

public struct ToolbarItem<ID, Content: View> {}
extension ToolbarItem: _PrimitiveToolbarContent {}
extension ToolbarItem where ID == () {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}

public struct ToolbarItemGroup<Content: View> {
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {}
}
extension ToolbarItemGroup: _PrimitiveToolbarContent {}

@resultBuilder
public struct ToolbarContentBuilder {
    public static func buildExpression<Content: ToolbarContent>(_ content: Content) -> Content { content }
    public static func buildBlock<Content: ToolbarContent>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: ToolbarContent>(_ content: repeat each Content)
        -> _TupleToolbarContent<(repeat each Content)> {
        _TupleToolbarContent((repeat each content))
    }
    public static func buildIf<Content: ToolbarContent>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: ToolbarContent>(_ content: Content?) -> Content? { content }
}

// MARK: - Alerts (Alert, the `.alert` family)

/// Mirrors the pre-iOS 15 Alert value (`.alert(isPresented:content:)`).
public struct Alert {
    public init(title: Text, message: Text? = nil, dismissButton: Alert.Button? = nil) {}
    public init(title: Text, message: Text? = nil, primaryButton: Alert.Button, secondaryButton: Alert.Button) {}

    public struct Button {
        public static func `default`(_ label: Text, action: (() -> Void)? = {}) -> Alert.Button { Button() }
        public static func cancel(_ label: Text, action: (() -> Void)? = {}) -> Alert.Button { Button() }
        public static func cancel(_ action: (() -> Void)? = {}) -> Alert.Button { Button() }
        public static func destructive(_ label: Text, action: (() -> Void)? = {}) -> Alert.Button { Button() }
    }
}

public enum Visibility: Hashable, CaseIterable {
    case automatic, visible, hidden
}

// MARK: - Styles (button, list, picker, text field, toggle, navigation view)

/// Mirrors ButtonStyle (custom styles) and PrimitiveButtonStyle (the built-in ones).
@MainActor @preconcurrency
public protocol ButtonStyle {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration
    @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body
}

public struct ButtonStyleConfiguration {
    public struct Label: _PrimitiveView {}
    public let label: ButtonStyleConfiguration.Label
    public let role: ButtonRole?
    public let isPressed: Bool
}

public protocol PrimitiveButtonStyle {}
public struct DefaultButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct PlainButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderlessButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedButtonStyle: PrimitiveButtonStyle { public init() {} }
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle { public init() {} }
extension PrimitiveButtonStyle where Self == DefaultButtonStyle { public static var automatic: DefaultButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: PlainButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle { public static var borderless: BorderlessButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: BorderedButtonStyle { .init() } }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    public static var borderedProminent: BorderedProminentButtonStyle { .init() }
}

public protocol ListStyle {}
public struct DefaultListStyle: ListStyle { public init() {} }
public struct PlainListStyle: ListStyle { public init() {} }
public struct GroupedListStyle: ListStyle { public init() {} }
public struct InsetListStyle: ListStyle { public init() {} }
public struct InsetGroupedListStyle: ListStyle { public init() {} }
public struct SidebarListStyle: ListStyle { public init() {} }
extension ListStyle where Self == DefaultListStyle { public static var automatic: DefaultListStyle { .init() } }
extension ListStyle where Self == PlainListStyle { public static var plain: PlainListStyle { .init() } }
extension ListStyle where Self == GroupedListStyle { public static var grouped: GroupedListStyle { .init() } }
extension ListStyle where Self == InsetListStyle { public static var inset: InsetListStyle { .init() } }
extension ListStyle where Self == InsetGroupedListStyle { public static var insetGrouped: InsetGroupedListStyle { .init() } }
extension ListStyle where Self == SidebarListStyle { public static var sidebar: SidebarListStyle { .init() } }

public protocol PickerStyle {}
public struct DefaultPickerStyle: PickerStyle { public init() {} }
public struct SegmentedPickerStyle: PickerStyle { public init() {} }
public struct MenuPickerStyle: PickerStyle { public init() {} }
public struct WheelPickerStyle: PickerStyle { public init() {} }
public struct InlinePickerStyle: PickerStyle { public init() {} }
public struct NavigationLinkPickerStyle: PickerStyle { public init() {} }
extension PickerStyle where Self == DefaultPickerStyle { public static var automatic: DefaultPickerStyle { .init() } }
extension PickerStyle where Self == SegmentedPickerStyle { public static var segmented: SegmentedPickerStyle { .init() } }
extension PickerStyle where Self == MenuPickerStyle { public static var menu: MenuPickerStyle { .init() } }
extension PickerStyle where Self == WheelPickerStyle { public static var wheel: WheelPickerStyle { .init() } }
extension PickerStyle where Self == InlinePickerStyle { public static var inline: InlinePickerStyle { .init() } }
extension PickerStyle where Self == NavigationLinkPickerStyle {
    public static var navigationLink: NavigationLinkPickerStyle { .init() }
}

public protocol TextFieldStyle {}
public struct DefaultTextFieldStyle: TextFieldStyle { public init() {} }
public struct PlainTextFieldStyle: TextFieldStyle { public init() {} }
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {} }
extension TextFieldStyle where Self == DefaultTextFieldStyle { public static var automatic: DefaultTextFieldStyle { .init() } }
extension TextFieldStyle where Self == PlainTextFieldStyle { public static var plain: PlainTextFieldStyle { .init() } }
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    public static var roundedBorder: RoundedBorderTextFieldStyle { .init() }
}

public protocol ToggleStyle {}
public struct DefaultToggleStyle: ToggleStyle { public init() {} }
public struct SwitchToggleStyle: ToggleStyle { public init() {} }
public struct ButtonToggleStyle: ToggleStyle { public init() {} }
extension ToggleStyle where Self == DefaultToggleStyle { public static var automatic: DefaultToggleStyle { .init() } }
extension ToggleStyle where Self == SwitchToggleStyle { public static var `switch`: SwitchToggleStyle { .init() } }
extension ToggleStyle where Self == ButtonToggleStyle { public static var button: ButtonToggleStyle { .init() } }

public protocol NavigationViewStyle {}
public struct StackNavigationViewStyle: NavigationViewStyle { public init() {} }
public struct DefaultNavigationViewStyle: NavigationViewStyle { public init() {} }
extension NavigationViewStyle where Self == StackNavigationViewStyle { public static var stack: StackNavigationViewStyle { .init() } }
extension NavigationViewStyle where Self == DefaultNavigationViewStyle {
    public static var automatic: DefaultNavigationViewStyle { .init() }
}

public struct TextInputAutocapitalization {
    @usableFromInline let id: Int
    public static let never = TextInputAutocapitalization(id: 0)
    public static let words = TextInputAutocapitalization(id: 1)
    public static let sentences = TextInputAutocapitalization(id: 2)
    public static let characters = TextInputAutocapitalization(id: 3)
}

public enum SubmitLabel: Hashable {
    case done, go, send, join, route, search, `return`, next, `continue`
}

public struct SubmitTriggers: OptionSet {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}

public struct SearchFieldPlacement {
    @usableFromInline let id: Int
    public static let automatic = SearchFieldPlacement(id: 0)
    public static let toolbar = SearchFieldPlacement(id: 1)
    public static let sidebar = SearchFieldPlacement(id: 2)
    public static let navigationBarDrawer = SearchFieldPlacement(id: 3)
}

public struct PresentationDetent: Hashable {
    @usableFromInline let id: Double
    public static let medium = PresentationDetent(id: 0.5)
    public static let large = PresentationDetent(id: 1)
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent { PresentationDetent(id: Double(fraction)) }
    public static func height(_ height: CGFloat) -> PresentationDetent { PresentationDetent(id: Double(height)) }
}

// MARK: - Animation (Animation, withAnimation, AnyTransition)

public struct Animation: Equatable {
    @usableFromInline let id: Int
    public static let `default` = Animation(id: 0)
    public static let easeIn = Animation(id: 1)
    public static let easeOut = Animation(id: 2)
    public static let easeInOut = Animation(id: 3)
    public static let linear = Animation(id: 4)
    public static let bouncy = Animation(id: 5)
    public static let smooth = Animation(id: 6)
    public static let snappy = Animation(id: 7)
    public static func easeIn(duration: Double) -> Animation { .easeIn }
    public static func easeOut(duration: Double) -> Animation { .easeOut }
    public static func easeInOut(duration: Double) -> Animation { .easeInOut }
    public static func linear(duration: Double) -> Animation { .linear }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: TimeInterval = 0) -> Animation {
        .default
    }
    public func delay(_ delay: Double) -> Animation { self }
    public func speed(_ speed: Double) -> Animation { self }
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
}

public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

public struct AnyTransition {
    public static let identity = AnyTransition()
    public static let opacity = AnyTransition()
    public static let slide = AnyTransition()
    public static let scale = AnyTransition()
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    public func combined(with other: AnyTransition) -> AnyTransition { self }
}

// MARK: - View modifiers (layout, text, color, navigation, presentation, lifecycle, data flow)

nonisolated extension View {
    // Layout
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { self }
    public func padding(_ length: CGFloat) -> some View { self }
    public func padding(_ insets: EdgeInsets) -> some View { self }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { self }
    public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
                      minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
                      alignment: Alignment = .center) -> some View { self }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { self }
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View { self }
    public func scaledToFit() -> some View { self }
    public func scaledToFill() -> some View { self }
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View { self }
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { self }
    public func layoutPriority(_ value: Double) -> some View { self }
    public func fixedSize() -> some View { self }
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { self }

    // Text and color
    public func font(_ font: Font?) -> some View { self }
    public func fontWeight(_ weight: Font.Weight?) -> some View { self }
    public func bold(_ isActive: Bool = true) -> some View { self }
    public func italic(_ isActive: Bool = true) -> some View { self }
    public func monospacedDigit() -> some View { self }
    public func lineLimit(_ number: Int?) -> some View { self }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { self }
    public func foregroundColor(_ color: Color?) -> some View { self }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { self }
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View { self }
    public func tint(_ tint: Color?) -> some View { self }
    public func accentColor(_ accentColor: Color?) -> some View { self }
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View { self }
    @_disfavoredOverload
    public func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View { self }
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { self }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { self }
    @_disfavoredOverload
    public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View { self }
    public func opacity(_ opacity: Double) -> some View { self }
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View { self }
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { self }
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { self }
    public func shadow(color: Color = .black, radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View { self }
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View { self }
    public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View { self }
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View { self }
    public func imageScale(_ scale: Image.Scale) -> some View { self }
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { self }

    // Identity, animation and interaction
    public func id<ID: Hashable>(_ id: ID) -> some View { self }
    public func tag<V: Hashable>(_ tag: V) -> some View { self }
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }
    public func animation(_ animation: Animation?) -> some View { self }
    public func transition(_ t: AnyTransition) -> some View { self }
    public func disabled(_ disabled: Bool) -> some View { self }
    public func hidden() -> some View { self }
    public func allowsHitTesting(_ enabled: Bool) -> some View { self }
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { self }
    public func onLongPressGesture(minimumDuration: Double = 0.5, perform action: @escaping () -> Void) -> some View { self }
    public func help(_ textKey: LocalizedStringKey) -> some View { self }
    public func accessibilityLabel(_ label: Text) -> some View { self }
    public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> some View { self }

    // Controls and input
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { self }
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View { self }
    public func listStyle<S: ListStyle>(_ style: S) -> some View { self }
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View { self }
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View { self }
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View { self }
    public func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> some View { self }
    public func labelsHidden() -> some View { self }
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View { self }
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { self }
    public func disableAutocorrection(_ disable: Bool?) -> some View { self }
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View { self }
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View { self }
    public func focused(_ condition: FocusState<Bool>.Binding) -> some View { self }
    public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View { self }

    // Lists
    public func listRowBackground<V: View>(_ view: V?) -> some View { self }
    public func listRowInsets(_ insets: EdgeInsets?) -> some View { self }
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View { self }
    public func scrollContentBackground(_ visibility: Visibility) -> some View { self }
    public func swipeActions<T: View>(edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true,
                                      @ViewBuilder content: () -> T) -> some View { self }
    public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View { self }
    public func badge(_ count: Int) -> some View { self }
    public func badge(_ label: Text?) -> some View { self }
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { self }

    // Navigation
    public func navigationTitle(_ title: Text) -> some View { self }
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { self }
    public func navigationTitle(_ title: Binding<String>) -> some View { self }
    public func navigationBarTitle(_ title: Text) -> some View { self }
    public func navigationBarTitle(_ titleKey: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload public func navigationBarTitle<S: StringProtocol>(_ title: S) -> some View { self }
    public func navigationBarTitle(_ titleKey: LocalizedStringKey, displayMode: NavigationBarItem.TitleDisplayMode) -> some View { self }
    @_disfavoredOverload
    public func navigationBarTitle<S: StringProtocol>(_ title: S, displayMode: NavigationBarItem.TitleDisplayMode) -> some View { self }
    public func navigationBarTitle(_ title: Text, displayMode: NavigationBarItem.TitleDisplayMode) -> some View { self }
    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View { self }
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View { self }
    public func navigationBarItems<L: View, T: View>(leading: L, trailing: T) -> some View { self }
    public func navigationBarItems<L: View>(leading: L) -> some View { self }
    public func navigationBarItems<T: View>(trailing: T) -> some View { self }
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type,
                                                            @ViewBuilder destination: @escaping (D) -> C) -> some View { self }
    public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: () -> V) -> some View { self }
    public func navigationDestination<D: Hashable, C: View>(item: Binding<D?>,
                                                            @ViewBuilder destination: @escaping (D) -> C) -> some View { self }
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { self }
    public func toolbar<Content: ToolbarContent>(@ToolbarContentBuilder content: () -> Content) -> some View { self }
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View { self }

    // Presentation
    public func sheet<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                     @ViewBuilder content: @escaping () -> Content) -> some View { self }
    public func sheet<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                         @ViewBuilder content: @escaping (Item) -> Content) -> some View { self }
    public func fullScreenCover<Content: View>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil,
                                               @ViewBuilder content: @escaping () -> Content) -> some View { self }
    public func fullScreenCover<Item: Identifiable, Content: View>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil,
                                                                   @ViewBuilder content: @escaping (Item) -> Content) -> some View { self }
    public func popover<Content: View>(isPresented: Binding<Bool>, @ViewBuilder content: @escaping () -> Content) -> some View { self }
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View { self }
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { self }
    public func alert<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                               @ViewBuilder actions: () -> A) -> some View { self }
    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View>(_ title: S, isPresented: Binding<Bool>,
                                                  @ViewBuilder actions: () -> A) -> some View { self }
    public func alert<A: View>(_ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A) -> some View { self }
    public func alert<A: View, M: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M) -> some View { self }
    @_disfavoredOverload
    public func alert<S: StringProtocol, A: View, M: View>(_ title: S, isPresented: Binding<Bool>,
                                                           @ViewBuilder actions: () -> A,
                                                           @ViewBuilder message: () -> M) -> some View { self }
    public func alert<A: View, T>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
                                  @ViewBuilder actions: (T) -> A) -> some View { self }
    public func alert<A: View, M: View, T>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>, presenting data: T?,
                                           @ViewBuilder actions: (T) -> A, @ViewBuilder message: (T) -> M) -> some View { self }
    public func alert(isPresented: Binding<Bool>, content: () -> Alert) -> some View { self }
    public func alert<Item: Identifiable>(item: Binding<Item?>, content: (Item) -> Alert) -> some View { self }
    public func confirmationDialog<A: View>(_ titleKey: LocalizedStringKey, isPresented: Binding<Bool>,
                                            titleVisibility: Visibility = .automatic,
                                            @ViewBuilder actions: () -> A) -> some View { self }

    // Lifecycle and events
    public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }
    public func task(priority: TaskPriority = .userInitiated,
                     @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View { self }
    public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated,
                                   @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View { self }
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View { self }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false,
                                       _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View { self }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View { self }
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View
    where P.Failure == Never { self }
    public func refreshable(@_inheritActorContext action: @escaping @Sendable () async -> Void) -> some View { self }
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic,
                           prompt: Text? = nil) -> some View { self }
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic,
                           prompt: LocalizedStringKey) -> some View { self }
    @_disfavoredOverload
    public func searchable<S: StringProtocol>(text: Binding<String>, placement: SearchFieldPlacement = .automatic,
                                              prompt: S) -> some View { self }

    // Environment (data flow)
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { self }
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some View { self }
    public func environmentObject<T: ObservableObject>(_ object: T) -> some View { self }
    public func focusedObject<T: ObservableObject>(_ object: T) -> some View { self }
    public func focusedObject<T: ObservableObject>(_ object: T?) -> some View { self }
    public func focusedSceneObject<T: ObservableObject>(_ object: T) -> some View { self }
    public func focusedSceneObject<T: ObservableObject>(_ object: T?) -> some View { self }
    public func focusedValue<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value) -> some View { self }
    public func focusedValue<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value?) -> some View { self }
    public func focusedSceneValue<Value>(_ keyPath: WritableKeyPath<FocusedValues, Value?>, _ value: Value) -> some View { self }

    // Previews
    public func previewDisplayName(_ value: String?) -> some View { self }
    public func previewLayout(_ value: PreviewLayout) -> some View { self }
}

public enum ContentMode: Hashable, CaseIterable { case fit, fill }

public struct SafeAreaRegions: OptionSet {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

public struct FillStyle: Equatable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

public enum HorizontalEdge: Int8, Hashable, CaseIterable { case leading, trailing }

public enum VerticalEdge: Int8, Hashable, CaseIterable {
    case top, bottom

    public struct Set: OptionSet {
        public let rawValue: Int8
        public init(rawValue: Int8) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let bottom = Set(rawValue: 2)
        public static let all: Set = [.top, .bottom]
    }
}

public struct ToolbarPlacement {
    @usableFromInline let id: Int
    public static let automatic = ToolbarPlacement(id: 0)
    public static let navigationBar = ToolbarPlacement(id: 1)
    public static let tabBar = ToolbarPlacement(id: 2)
    public static let bottomBar = ToolbarPlacement(id: 3)
}

// MARK: - Previews (PreviewProvider, and the target of the oracle's `#Preview` rewrite)

/// Mirrors PreviewProvider.
@MainActor @preconcurrency
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder @MainActor @preconcurrency static var previews: Self.Previews { get }
}

public enum PreviewLayout {
    case device, sizeThatFits
    case fixed(width: CGFloat, height: CGFloat)
}

/// Traits for `#Preview(traits:)`.
public struct PreviewTrait<T> {}
public enum Preview {
    public enum ViewTraits {}
}
extension PreviewTrait where T == Preview.ViewTraits {
    public static var sizeThatFitsLayout: PreviewTrait<T> { PreviewTrait() }
    public static var portrait: PreviewTrait<T> { PreviewTrait() }
    public static var landscapeLeft: PreviewTrait<T> { PreviewTrait() }
    public static var landscapeRight: PreviewTrait<T> { PreviewTrait() }
    public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait<T> { PreviewTrait() }
}

/// The `#Preview` macro's plugin does not exist on Linux, so the oracle rewrites
/// `#Preview(...) { ... }` at the start of a line into `private let _oraclePreviewN = _OraclePreview(...) { ... }`,
/// which type-checks the preview body with the macro's signature.
public struct _OraclePreview {
    public init<Content: View>(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>...,
                               @ViewBuilder body: @escaping @MainActor () -> Content) {}
}
