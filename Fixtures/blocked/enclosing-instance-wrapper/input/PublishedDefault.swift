import Combine
import Foundation

/// A hand-written @Published kept in UserDefaults: the compiler calls the enclosing-instance
/// subscript for each property it wraps, and it tells the holder's objectWillChange.
@propertyWrapper
public final class PublishedDefault<Value> {
    public static subscript<T: ObservableObject>(
        _enclosingInstance instance: T,
        wrapped _: ReferenceWritableKeyPath<T, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<T, PublishedDefault<Value>>
    ) -> Value {
        get { instance[keyPath: storageKeyPath].value }
        set {
            if let publisher = instance.objectWillChange as? ObservableObjectPublisher {
                publisher.send()
            } else {
                print("not a publisher: \(String(describing: instance.objectWillChange))")
            }
            instance[keyPath: storageKeyPath].value = newValue
        }
    }

    @available(*, unavailable, message: "Can only be applied to classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    private var value: Value

    public init(wrappedValue: Value) {
        value = wrappedValue
    }
}
