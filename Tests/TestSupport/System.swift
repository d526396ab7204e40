import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call that failed, and the errno (or returned error number) it left.
public struct SystemError: Error, CustomStringConvertible {
  /// The call that failed, such as `connect`.
  public var call: String
  public var code: Int32

  /// The C library's words for `code`, such as `Connection refused`.
  public var reason: String { String(cString: strerror(code)) }

  public var description: String { "\(call): \(reason)" }
}

/// The system calls the tests make. This is the only test file that imports the C library, so the
/// differences between Glibc, Musl and Darwin are dealt with here and nowhere else.
public enum System {
  // MARK: Files

  /// Makes `path` a symbolic link to `target`.
  public static func makeSymbolicLink(at path: String, to target: String) throws(SystemError) {
    guard symlink(target, path) == 0 else { throw SystemError(call: "symlink", code: errno) }
  }

  /// Makes a named pipe at `path`.
  public static func makeFIFO(at path: String, permissions: Int) throws(SystemError) {
    guard mkfifo(path, mode_t(permissions)) == 0 else {
      throw SystemError(call: "mkfifo", code: errno)
    }
  }

  public static func setPermissions(of path: String, to permissions: Int) throws(SystemError) {
    guard chmod(path, mode_t(permissions)) == 0 else {
      throw SystemError(call: "chmod", code: errno)
    }
  }

  /// `rename(2)`: replaces `destination` in one step, so a reader never sees it half-written.
  public static func renameFile(_ source: String, to destination: String) throws(SystemError) {
    guard rename(source, destination) == 0 else { throw SystemError(call: "rename", code: errno) }
  }

  /// One `read(2)` of what is there: the count read, 0 at the end, -1 when nothing could be read
  /// (a non-blocking descriptor with nothing yet, say).
  public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
    readBytes(descriptor, buffer.baseAddress, buffer.count)
  }

  public static func close(_ descriptor: Int32) {
    _ = closeDescriptor(descriptor)
  }

  /// How `openFile` opens a file.
  enum OpenMode {
    case readOnly, readWrite
    /// Created if need be, emptied if it exists.
    case writeTruncating
  }

  /// Opens a file, close-on-exec; a file it creates gets mode 0644.
  static func openFile(_ path: String, _ mode: OpenMode) throws(SystemError) -> Int32 {
    let flags =
      switch mode {
      case .readOnly: O_RDONLY
      case .readWrite: O_RDWR
      case .writeTruncating: O_WRONLY | O_CREAT | O_TRUNC
      }
    let descriptor = open(path, flags | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw SystemError(call: "open", code: errno) }
    return descriptor
  }

  /// A pipe whose ends are both close-on-exec from the start, so a child another thread spawns
  /// meanwhile cannot inherit them (and keep the pipe open after this child exits). Without
  /// `pipe2` they are made close-on-exec right after.
  static func makePipe() throws(SystemError) -> (read: Int32, write: Int32) {
    var ends: [Int32] = [-1, -1]
    if let pipe2 {
      guard pipe2(&ends, O_CLOEXEC) == 0 else { throw SystemError(call: "pipe2", code: errno) }
    } else {
      guard pipe(&ends) == 0 else { throw SystemError(call: "pipe", code: errno) }
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    }
    return (ends[0], ends[1])
  }

  // MARK: Sockets

  /// A TCP connection to 127.0.0.1 on `port`. Writing to it after the server has closed fails
  /// instead of raising SIGPIPE.
  public static func connectToLoopback(port: Int) throws(SystemError) -> Int32 {
    let descriptor = try tcpSocket()
    #if canImport(Darwin)
      // Darwin has no MSG_NOSIGNAL: the socket itself is told not to raise SIGPIPE.
      var on: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
    #endif
    var address = loopbackAddress(port: port)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      _ = closeDescriptor(descriptor)
      throw SystemError(call: "connect", code: code)
    }
    return descriptor
  }

  /// A TCP socket bound to a free port of 127.0.0.1 that never listens, and the port: while it
  /// is open, a connection to the port is refused and no other socket can bind it (it is bound
  /// without `SO_REUSEADDR`), so a refused port cannot become another test's listener.
  public static func bindWithoutListening() throws(SystemError) -> (descriptor: Int32, port: Int) {
    let descriptor = try tcpSocket()
    var address = loopbackAddress(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    guard bound == 0, named == 0 else {
      let code = errno
      _ = closeDescriptor(descriptor)
      throw SystemError(call: bound == 0 ? "getsockname" : "bind", code: code)
    }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// A new IPv4 TCP socket.
  private static func tcpSocket() throws(SystemError) -> Int32 {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw SystemError(call: "socket", code: errno) }
    return descriptor
  }

  /// 127.0.0.1 on `port` (0: any free one, at `bind`).
  private static func loopbackAddress(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }

  /// One `send(2)` of `bytes`; what the peer does not take is not retried.
  public static func send(_ descriptor: Int32, _ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { sendBytes(descriptor, $0.baseAddress, $0.count) }
  }

  /// Everything the peer sends until it closes, or until a read waits `timeout` seconds.
  public static func receiveUntilClosed(_ descriptor: Int32, timeout: Int) -> [UInt8] {
    receive(descriptor, timeout: timeout).bytes
  }

  /// Everything the peer sends until it closes or resets the connection (`peerClosed`), or until
  /// a read waits `timeout` seconds with the connection still open.
  public static func receive(_ descriptor: Int32, timeout: Int) -> (
    bytes: [UInt8], peerClosed: Bool
  ) {
    var time = timeval(tv_sec: timeout, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        received += buffer[..<count]
        continue
      }
      // 0 is the peer's FIN; -1 with EAGAIN/EWOULDBLOCK is the receive timeout, any other error
      // (a reset) is the peer ending the connection too.
      let timedOut = count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)
      return (received, !timedOut)
    }
  }

  // MARK: Processes

  /// Whether the tests run as root.
  public static var isRoot: Bool { getuid() == 0 }

  /// The value of an environment variable, or nil when it is not set.
  /// Whether `path` names a file this process may execute.
  public static func isExecutable(_ path: String) -> Bool {
    access(path, X_OK) == 0
  }

  public static func environmentVariable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Whether `/proc` describes processes; only Linux has it. Tests that read it are skipped
  /// elsewhere.
  public static let hasProcFileSystem: Bool = {
    #if os(Linux)
      true
    #else
      false
    #endif
  }()

  /// The resident set of process `pid` in bytes, from Linux's /proc/PID/status; nil where there
  /// is no /proc (``hasProcFileSystem``) or the process is gone.
  public static func residentBytes(of pid: Int32) -> Int? {
    guard hasProcFileSystem,
      let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return nil }
    let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first
    return kilobytes.map { $0 * 1024 }
  }

  /// Whether a process with this id exists, a zombie included.
  public static func processExists(_ pid: pid_t) -> Bool {
    #if os(Linux)
      access("/proc/\(pid)/stat", F_OK) == 0
    #else
      kill(pid, 0) == 0 || errno == EPERM
    #endif
  }

  /// What `waitpid` says of a child.
  public enum ChildState: Equatable, Sendable {
    case running
    /// Exited and reaped, with the raw `waitpid` status.
    case exited(status: Int32)
    /// Not a child of this process, or already reaped.
    case notAChild
  }

  /// Asks without waiting whether a child has exited, and reaps it if so.
  public static func reap(_ pid: pid_t) -> ChildState {
    var status: Int32 = 0
    while true {
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid { return .exited(status: status) }
      if result == 0 { return .running }
      if errno == EINTR { continue }
      return .notAChild
    }
  }

  /// Sends signal `number` to `pid`.
  static func send(signal number: Int32, to pid: pid_t) {
    _ = kill(pid, number)
  }

  /// Runs `body` with `signal` blocked on this thread, then restores the thread's mask.
  public static func withSignalBlocked<Result>(_ signal: Int32, _ body: () throws -> Result)
    rethrows -> Result
  {
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, signal)
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return try body()
  }

  // MARK: Spawning

  #if canImport(Darwin)
    typealias FileActions = posix_spawn_file_actions_t?
    typealias Attributes = posix_spawnattr_t?
  #else
    typealias FileActions = posix_spawn_file_actions_t
    typealias Attributes = posix_spawnattr_t
  #endif

  /// What the child does to its descriptors before it runs the program: posix_spawn's file
  /// actions.
  final class SpawnFileActions {
    fileprivate var actions: FileActions

    init() {
      #if canImport(Darwin)
        actions = nil
      #else
        actions = posix_spawn_file_actions_t()
      #endif
      posix_spawn_file_actions_init(&actions)
    }

    deinit { posix_spawn_file_actions_destroy(&actions) }

    /// Puts a copy of `descriptor` at `target`; the copy is not close-on-exec.
    func duplicate(_ descriptor: Int32, to target: Int32) {
      posix_spawn_file_actions_adddup2(&actions, descriptor, target)
    }

    /// Closes every descriptor from `lowest` up, where the C library can; elsewhere
    /// close-on-exec is all there is.
    func closeDescriptors(from lowest: Int32) {
      if let addCloseFrom = System.addCloseFrom { _ = addCloseFrom(&actions, lowest) }
    }

    /// Starts the child in `directory`. Returns false where the C library cannot, so the caller
    /// has to do it some other way.
    func changeDirectory(to directory: String) throws(SystemError) -> Bool {
      guard let addChdir = System.addChdir else { return false }
      let status = addChdir(&actions, directory)
      guard status == 0 else {
        throw SystemError(call: "posix_spawn_file_actions_addchdir_np", code: status)
      }
      return true
    }
  }

  /// Starts `executable` (a path; `PATH` is not searched) with `arguments` and exactly
  /// `environment`. The child starts with no blocked signals and every signal at its default
  /// action, whatever this thread has.
  static func spawn(
    _ executable: String, _ arguments: [String], environment: [String: String],
    actions: SpawnFileActions
  ) throws(SystemError) -> pid_t {
    var attributes = emptyAttributes()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var noSignals = sigset_t()
    sigemptyset(&noSignals)
    posix_spawnattr_setsigmask(&attributes, &noSignals)
    // Ignored signals survive exec; the C library leaves out the ones it uses internally.
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for pointer in argv + envp { free(pointer) } }

    var pid: pid_t = 0
    let status = posix_spawn(&pid, executable, &actions.actions, &attributes, argv, envp)
    guard status == 0 else { throw SystemError(call: "posix_spawn", code: status) }
    return pid
  }

  private static func emptyAttributes() -> Attributes {
    #if canImport(Darwin)
      nil
    #else
      posix_spawnattr_t()
    #endif
  }

  // glibc declares these only for _GNU_SOURCE, which Swift's Glibc module does not define, so
  // they are looked up by name; each has a fallback for a C library without it.
  private typealias AddChdir =
    @convention(c) (UnsafeMutablePointer<FileActions>, UnsafePointer<CChar>) -> Int32
  private typealias AddCloseFrom =
    @convention(c) (UnsafeMutablePointer<FileActions>, Int32) -> Int32
  private typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32

  private static let addChdir = symbol("posix_spawn_file_actions_addchdir_np", AddChdir.self)
  private static let addCloseFrom = symbol(
    "posix_spawn_file_actions_addclosefrom_np", AddCloseFrom.self)
  private static let pipe2 = symbol("pipe2", Pipe2.self)

  private static func symbol<Function>(_ name: String, _ type: Function.Type) -> Function? {
    dlsym(dlopen(nil, RTLD_NOW), name).map { unsafeBitCast($0, to: type) }
  }
}

// The C functions under names that `System`'s own `read`, `close` and `send` do not shadow.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int
{
  read(descriptor, buffer, count)
}
private func closeDescriptor(_ descriptor: Int32) -> Int32 { close(descriptor) }
private func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  #if canImport(Darwin)
    send(descriptor, bytes, count, 0)
  #else
    send(descriptor, bytes, count, Int32(MSG_NOSIGNAL))
  #endif
}
