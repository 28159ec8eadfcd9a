import SwiftUI

struct GridView: View {
    @StateObject private var grid = Grid()
    @State private var palette = Palette()

    var body: some View {
        Text("\(grid.title) \(grid.rows)x\(grid.columns) \(palette.name)")
    }
}
