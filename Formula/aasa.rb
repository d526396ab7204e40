# Homebrew formula for a tap: `brew tap aasa/aasa https://github.com/aasa/aasa` then
# `brew install aasa` (a release) or `brew install --HEAD aasa` (main). The release workflow
# fills in the url and sha256 of each tagged release.
class Aasa < Formula
  desc "Lint, explain and serve deep-link files: AASA, assetlinks.json, App Links, route configs"
  homepage "https://github.com/aasa/aasa"
  head "https://github.com/aasa/aasa.git", branch: "main"

  depends_on "pkgconf" => :build
  depends_on xcode: ["26.0", :build]
  depends_on "brotli"
  depends_on "gumbo-parser"
  depends_on "libnghttp2"
  depends_on macos: :ventura

  uses_from_macos "zlib"

  def install
    args = ["--disable-sandbox", "-c", "release"]
    system "swift", "build", *args, "--product", "aasa-lint"
    system "swift", "build", *args, "--product", "aasa-serve"
    bin.install ".build/release/aasa-lint", ".build/release/aasa-serve"
    generate_completions_from_executable(bin/"aasa-lint", "--generate-completion-script")
    generate_completions_from_executable(bin/"aasa-serve", "--generate-completion-script")
    %w[aasa-lint aasa-serve].each do |tool|
      (buildpath/"#{tool}.1").write <<~MAN
        .TH #{tool.upcase} 1 "" "aasa #{version}" "aasa"
        .SH NAME
        #{tool}
        .SH DESCRIPTION
        .nf
        #{Utils.safe_popen_read(bin/tool, "--help-hidden").gsub("\\", "\\\\\\\\")}
        .fi
      MAN
      man1.install buildpath/"#{tool}.1"
    end
  end

  test do
    (testpath/"apple-app-site-association").write <<~JSON
      {"applinks": {"details": [{"appIDs": ["D3KQX62K1A.com.example.photoapp"],
        "components": [{"/": "/albums/*"}]}]}}
    JSON
    assert_equal "/albums/1\tD3KQX62K1A.com.example.photoapp\tmatch",
      shell_output("#{bin}/aasa-lint apple-app-site-association /albums/1 --format tsv").strip
    assert_match(/\A\d+\.\d+\.\d+/, shell_output("#{bin}/aasa-serve --version"))
  end
end
