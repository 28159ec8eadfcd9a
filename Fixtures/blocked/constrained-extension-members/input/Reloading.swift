import Combine

/// Members that only ObservableObjects have, added by constrained extensions: a model that
/// uses them (here through a type that cannot be told) stays an ObservableObject.
protocol Reloadable: AnyObject {}

extension Reloadable where Self: ObservableObject {
    func reload() { print(self) }
}

extension Array where Element: ObservableObject {
    func reloadAll() { forEach { print($0) } }
}
