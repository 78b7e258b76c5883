// A tiny SwiftUI app for bajutsu's iOS demo: a counter, a text field with a greeting, and a list
// that opens a detail screen. Every element a scenario touches has an accessibility identifier.
import SwiftUI

@main
struct BajutsuDemoApp: App {
  var body: some Scene {
    WindowGroup { ContentView() }
  }
}

struct ContentView: View {
  @State private var count = 0
  @State private var name = ""
  @State private var greeting = ""

  var body: some View {
    NavigationStack {
      Form {
        Section("Counter") {
          Text("\(count)")
            .accessibilityIdentifier("counter.value")
          Button("Add one") { count += 1 }
            .accessibilityIdentifier("counter.increment")
        }
        Section("Greeting") {
          TextField("Your name", text: $name)
            .textInputAutocapitalization(.never)
            .autocorrectionDisabled()
            .accessibilityIdentifier("name.field")
            .onSubmit { greeting = "Hello, \(name)!" }
          Text(greeting)
            .accessibilityIdentifier("greeting.label")
        }
        Section("Items") {
          NavigationLink("Show items") { ItemList() }
            .accessibilityIdentifier("items.open")
        }
      }
      .navigationTitle("Bajutsu Demo")
    }
  }
}

struct ItemList: View {
  var body: some View {
    List(0..<30, id: \.self) { i in
      NavigationLink("Item \(i)") {
        Text("Item \(i)")
          .font(.largeTitle)
          .accessibilityIdentifier("detail.title")
          .navigationTitle("Detail")
      }
      .accessibilityIdentifier("list.row.\(i)")
    }
    .accessibilityIdentifier("items.list")
    .navigationTitle("Items")
  }
}
