// expect-error: type 'ProjectSettings.CodingKeys' has no member 'projectName'
// A Codable model whose coding is synthesized must keep ObservableObject
// (Fixtures/blocked/codable-and-storage-collisions): @Observable stores `projectName` as
// `_projectName`, so the synthesized CodingKeys no longer name it (found on CodeEdit).
import Foundation
import Observation

@Observable final class ProjectSettings: Codable {
    var projectName: String = ""

    init() {}

    required init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        projectName = try container.decodeIfPresent(String.self, forKey: .projectName) ?? ""
    }
}
