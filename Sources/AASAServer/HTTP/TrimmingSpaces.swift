extension String {
  func trimmingSpaces() -> String {
    var view = Substring(self)
    while view.first == " " || view.first == "\t" { view.removeFirst() }
    while view.last == " " || view.last == "\t" { view.removeLast() }
    return String(view)
  }
}
