import Combine

final class Plain : ObservableObject{
    @Combine.Published var n = 0
}

final class Editable: ObservableObject {
    @Published var text = ""
}

final class Lib: ObservableObject {
    @Published var books = 0
}
