import SwiftUI

struct SensorList: View {
    @ObservedObject var hub: SensorHub

    var body: some View {
        VStack {
            Text("\(hub.count) sensors")
            ForEach(hub.sensors, id: \.name) { sensor in
                Text("\(sensor.name): \(sensor.reading)")
            }
            Button("Refresh") { hub.refreshAll() }
        }
    }
}

struct GatewayRow: View {
    @ObservedObject var gateway: Gateway

    var body: some View {
        Text(gateway.link.state)
    }
}
