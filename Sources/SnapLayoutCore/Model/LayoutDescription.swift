/// A whole layout as described by a configuration: settings, environment and sections.
public struct LayoutDescription: Equatable, Sendable {
  public var configuration: LayoutConfiguration
  public var environment: LayoutEnvironment
  public var sections: [LayoutSection]

  public init(
    configuration: LayoutConfiguration = LayoutConfiguration(),
    environment: LayoutEnvironment = LayoutEnvironment(), sections: [LayoutSection]
  ) {
    self.configuration = configuration
    self.environment = environment
    self.sections = sections
  }
}
