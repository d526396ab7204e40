import Foundation

/// The bytes of a file of the package, by its path from the package root.
public func readPackageFile(_ relativePath: String) throws -> [UInt8] {
  [UInt8](try Data(contentsOf: BuiltProducts.packageRoot.appendingPathComponent(relativePath)))
}
