/// Conforms through a protocol, so this file names no ObservableObject (and lets its tokens go
/// after scanning); its backquoted tracked property keeps it as it is.
final class Prefs: Store {
    var `protocol` = ""
}
