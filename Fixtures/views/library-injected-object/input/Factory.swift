import SwiftUI

/// A stand-in for the Factory package's API that these files use.
public final class Container {
    public static let shared = Container()
}

public struct Factory<T> {
    let make: () -> T
    public func callAsFunction() -> T { make() }
}

extension Container {
    func callAsFunction<T>(_ make: @escaping () -> T) -> Factory<T> { Factory(make: make) }
}

@propertyWrapper public struct Injected<T> {
    private var dependency: T
    public init(_ keyPath: KeyPath<Container, Factory<T>>) { dependency = Container.shared[keyPath: keyPath]() }
    public var wrappedValue: T { dependency }
}

@propertyWrapper public struct InjectedObject<T>: DynamicProperty where T: ObservableObject {
    @ObservedObject private var dependency: T
    public init(_ keyPath: KeyPath<Container, Factory<T>>) { dependency = Container.shared[keyPath: keyPath]() }
    public var wrappedValue: T { dependency }
    public var projectedValue: InjectedObject<T> { self }
}
