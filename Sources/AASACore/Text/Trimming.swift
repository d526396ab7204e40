extension StringProtocol {
  /// Without the leading and trailing characters `isTrimmed` selects. Each caller says which
  /// characters its format treats as padding (HTTP's spaces and tabs, a list's spaces and carriage
  /// returns, HTML's Unicode white space), so they cannot be mixed up by sharing one set.
  @inlinable
  package func trimming(while isTrimmed: (Character) -> Bool) -> SubSequence {
    var trimmed = self[...].drop(while: isTrimmed)
    while let last = trimmed.last, isTrimmed(last) { trimmed = trimmed.dropLast() }
    return trimmed
  }
}
