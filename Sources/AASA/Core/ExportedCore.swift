// Apple's format stands on the shared core; its clients see the core's types through it.
@_exported import AASACore
