import SwiftUI

final class Cache: ObservableObject {
    @Published var items: [String] = []
    var name = ""
    private var _name = ""
}

final class Settings: ObservableObject, Codable {
    var projectName: String = ""
    init() {}
    required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        projectName = try container.decodeIfPresent(String.self, forKey: .projectName) ?? ""
    }
}

final class Handwritten: ObservableObject, Codable {
    @Published var title = ""
    enum CodingKeys: String, CodingKey { case title }
    init() {}
    required init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        title = try c.decode(String.self, forKey: .title)
    }
    func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(title, forKey: .title)
    }
}

struct SettingsView: View {
    @StateObject private var cache = Cache()
    @StateObject private var settings = Settings()
    @StateObject private var handwritten = Handwritten()

    var body: some View {
        Text("\(cache.items.count) \(settings.projectName) \(handwritten.title)")
    }
}
