import XCTest
@testable import ObsMigrateCore

final class ScannerTests: XCTestCase {
    func scan(_ text: String) -> (SourceFile, FileDeclarations) {
        let file = SourceFile(path: "T.swift", text: text)
        return (file, DeclarationScanner.scan(file))
    }

    /// The result a call of a closure-typed name gives, from the type written for it.
    func testClosureResultOfAWrittenFunctionType() {
        XCTAssertEqual(ProjectIndex.closureResult(of: "@escaping @autoclosure () -> DeepLinkSentinel"), "DeepLinkSentinel")
        XCTAssertEqual(ProjectIndex.closureResult(of: "@Sendable()->Store"), "Store")
        XCTAssertEqual(ProjectIndex.closureResult(of: "(Int, (String) -> Void) async throws -> Feed.Model"), "Feed.Model")
        XCTAssertNil(ProjectIndex.closureResult(of: "() -> () -> Store"), "a closure returning a closure")
        XCTAssertNil(ProjectIndex.closureResult(of: "Store"))
        XCTAssertNil(ProjectIndex.closureResult(of: "(() -> Store)?"), "an optional closure is called with ?()")
        XCTAssertNil(ProjectIndex.closureResult(of: "(Int) ->"))
    }

    func testNestedTypesExtensionsAndIfConfig() throws {
        let (file, decls) = scan("""
            import SwiftUI
            @preconcurrency import Combine

            /// Feature namespace.
            enum Feature {
                @MainActor
                final class ViewModel<Item: Identifiable>:
                    NSObject,
                    ObservableObject /* legacy */
                    where Item: Sendable
                {
                    @Published private(set) var items: [Item] = []
                    #if DEBUG
                    @Published var debugLog = ""
                    #else
                    var debugLog: String { "" }
                    #endif
                    lazy var formatter = DateFormatter()
                    static let shared = 1
                    var count: Int { items.count }
                    init() { super.init() }
                    func reload() async throws -> [Item] { items }
                }
            }

            extension Feature.ViewModel: Identifiable, @unchecked Sendable {
                var id: ObjectIdentifier { ObjectIdentifier(self) }
            }
            """)
        XCTAssertEqual(decls.imports.map(\.module), ["SwiftUI", "Combine"])
        XCTAssertEqual(decls.types.map(\.kind), [.enum, .class, .extension])

        let vm = decls.types[1]
        XCTAssertEqual(vm.name, "ViewModel")
        XCTAssertEqual(vm.path, ["Feature"])
        XCTAssertEqual(vm.qualifiedName, "Feature.ViewModel")
        XCTAssertEqual(vm.genericParameters, "<Item:Identifiable>")
        XCTAssertEqual(vm.attributes.map(\.name), ["MainActor"])
        XCTAssertEqual(vm.modifiers.map(\.text), ["final"])
        XCTAssertEqual(vm.inheritance.map(\.name), ["NSObject", "ObservableObject"])
        XCTAssertEqual(file.text(vm.inheritance[1].range), "ObservableObject")
        XCTAssertEqual(vm.whereClause.map { file.text($0) }, "where Item: Sendable")
        XCTAssertEqual(file.text(vm.bodyOpen), "{")
        XCTAssertEqual(file.text(vm.start..<(vm.start + 10)), "@MainActor")

        XCTAssertEqual(vm.properties.map { $0.name ?? "?" }, ["items", "debugLog", "debugLog", "formatter", "shared", "count"])
        let items = vm.properties[0]
        XCTAssertEqual(items.attributes.map(\.name), ["Published"])
        XCTAssertEqual(items.modifiers.map(\.text), ["private(set)"])
        XCTAssertEqual(items.typeText, "[Item]")
        XCTAssertEqual(items.initializer.map { file.joinedText($0) }, "[]")
        XCTAssertFalse(items.isComputed)
        XCTAssertEqual(vm.properties[1].ifConfig.map(\.branch), [0])
        XCTAssertEqual(vm.properties[2].ifConfig.map(\.branch), [1])
        XCTAssertTrue(vm.properties[2].isComputed)
        XCTAssertTrue(vm.properties[3].hasModifier("lazy"))
        XCTAssertTrue(vm.properties[4].isStatic)
        XCTAssertTrue(vm.properties[5].isComputed)
        XCTAssertEqual(vm.functions.map(\.name), ["init", "reload"])
        XCTAssertEqual(vm.functions[1].returnType, "[Item]")
        XCTAssertNotNil(vm.functions[1].body)

        let ext = decls.types[2]
        XCTAssertEqual(ext.name, "Feature.ViewModel")
        XCTAssertEqual(ext.path, [])
        XCTAssertEqual(ext.inheritance.map(\.name), ["Identifiable", "@uncheckedSendable"])
        XCTAssertEqual(ext.properties.map(\.name), ["id"])
    }

    func testViewWithWrappersBodyAndDollarUses() throws {
        let (file, decls) = scan("""
            struct Editor: View {
                @Environment(\\.dismiss) private var dismiss
                @ObservedObject
                var model: Model
                @StateObject private var store = Store(id: 1) {
                    didSet { }
                }
                @EnvironmentObject var session: Session

                var body: some View {
                    TextField("Name", text: $model.name)
                        .onReceive(session.$token) { _ in }
                }
                class func make() -> Editor { fatalError() }
            }
            """)
        let view = decls.types[0]
        XCTAssertEqual(view.kind, .struct)
        XCTAssertEqual(view.inheritance.map(\.name), ["View"])
        let props = view.properties
        XCTAssertEqual(props.map { $0.name ?? "?" }, ["dismiss", "model", "store", "session", "body"])
        XCTAssertEqual(props[0].attributes.first.flatMap { $0.arguments.map { file.text($0) } }, "(\\.dismiss)")
        XCTAssertEqual(props[1].attributes.map(\.name), ["ObservedObject"])
        XCTAssertEqual(props[1].typeText, "Model")
        XCTAssertEqual(props[2].initializer.map { file.joinedText($0) }, "Store(id:1)")
        XCTAssertNotNil(props[2].accessorBlock)
        XCTAssertFalse(props[2].isComputed, "didSet is an observer, not a getter")
        XCTAssertEqual(props[3].typeText, "Session")
        XCTAssertTrue(props[4].isComputed)
        XCTAssertEqual(props[4].typeText, "someView")
        XCTAssertEqual(view.functions.map(\.name), ["make"])
        XCTAssertEqual(view.functions[0].modifiers.map(\.text), ["class"])
        let dollars = (0..<file.sigCount).filter { file.kind($0) == .dollarIdentifier }.map { file.text($0) }
        XCTAssertEqual(dollars, ["$model", "$token"])
    }

    func testMultiLineAttributesAndStatements() {
        let (_, decls) = scan("""
            @available(
                iOS 17,
                *
            )
            @MainActor public final class A: ObservableObject { @Published var x = 0 }
            let global = A()
            print(global)
            protocol P: AnyObject, ObservableObject {
                var value: Int { get set }
                func f()
            }
            typealias Alias = Feature.ViewModel<Int>
            """)
        XCTAssertEqual(decls.types.map(\.name), ["A", "P"])
        XCTAssertEqual(decls.types[0].attributes.map(\.name), ["available", "MainActor"])
        XCTAssertEqual(decls.types[0].modifiers.map(\.text), ["public", "final"])
        XCTAssertEqual(decls.types[0].properties.map(\.name), ["x"])
        XCTAssertEqual(decls.topLevelProperties.map(\.name), ["global"])
        XCTAssertEqual(decls.types[1].kind, .protocol)
        XCTAssertEqual(decls.types[1].inheritance.map(\.name), ["AnyObject", "ObservableObject"])
        XCTAssertEqual(decls.types[1].properties.map(\.name), ["value"])
        XCTAssertEqual(decls.types[1].functions.map(\.name), ["f"])
        XCTAssertNil(decls.types[1].functions[0].body)
        XCTAssertEqual(decls.typeAliases.map(\.name), ["Alias"])
        XCTAssertEqual(decls.typeAliases.map(\.target), ["Feature.ViewModel<Int>"])
        XCTAssertEqual(decls.typeAliases[0].members.map(\.name), ["Feature.ViewModel<Int>"])
    }

    /// A composition's members, split at the `&` outside angle brackets, each with its bytes:
    /// the migration edits the `ObservableObject` one and keeps the others.
    func testTypealiasCompositionMembers() {
        let text = "typealias ModelDefinition = Combine.ObservableObject & Identifiable&Box<A & B> // note\nlet x = 1\n"
        let (_, decls) = scan(text)
        let members = decls.typeAliases[0].members
        XCTAssertEqual(members.map(\.name), ["Combine.ObservableObject", "Identifiable", "Box<A&B>"])
        let bytes = Array(text.utf8)
        XCTAssertEqual(members.map { String(decoding: bytes[$0.range], as: UTF8.self) }, ["Combine.ObservableObject", "Identifiable", "Box<A & B>"])
        let (_, parenthesized) = scan("typealias VM = (ObservableObject & Identifiable)\ntypealias F = (Int) -> Void\n")
        XCTAssertEqual(parenthesized.typeAliases[0].members.map(\.name), ["ObservableObject", "Identifiable"])
        XCTAssertEqual(parenthesized.typeAliases[1].members.count, 1, "a function type is one member")
    }

    /// Two names apart in an inheritance clause (broken code, a comment between) are not one:
    /// `Obs` and `ervableObject` never make an `ObservableObject` whose removal would take the
    /// comment with it.
    func testInheritanceNamesApartStayApart() {
        let (_, decls) = scan("class Queue: Obs// note\n ervableObject, Identifiable {}\nclass Player: Combine.ObservableObject {}\n")
        XCTAssertEqual(decls.types[0].inheritance.map(\.name), ["Obs ervableObject", "Identifiable"])
        XCTAssertEqual(decls.types[1].inheritance.map(\.baseName), ["ObservableObject"])
    }

    func testTypeNames() {
        XCTAssertEqual(TypeName.base("Combine.ObservableObject"), "ObservableObject")
        XCTAssertEqual(TypeName.base("Box<Int>?"), "Box")
        XCTAssertEqual(ProjectIndex.stripType("some Feature.VM<Int>"), "Feature.VM")
    }
}
