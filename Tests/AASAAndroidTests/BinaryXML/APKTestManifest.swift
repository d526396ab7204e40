/// The source manifest the APK tests compile with aapt and aapt2: web filters with literal and
/// `@string/…` hosts, a wildcard, an alias, a filter Android 12+ does not verify, and the
/// URLs that tell them apart. Each element on one line: binary XML keeps only an element's line,
/// so an attribute on a line of its own would be found a line higher in the APK.
enum APKTestManifest {
  static let package = "com.example.shop"

  static let source = """
    <?xml version="1.0" encoding="utf-8"?>
    <manifest xmlns:android="http://schemas.android.com/apk/res/android"
        package="com.example.shop">
      <application android:label="@string/app_name">
        <activity android:name=".ProductActivity" android:exported="true">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" android:host="@string/shop_host" android:pathPrefix="/products" />
            <data android:scheme="https" android:host="www.example.com" android:pathPattern="/p/.*" />
          </intent-filter>
        </activity>
        <activity android:name=".OfferActivity" android:exported="true">
          <intent-filter android:autoVerify="true">
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.DEFAULT" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="https" />
            <data android:host="@string/offers_host" />
            <data android:host="*.deals.example.com" />
            <data android:path="/offer" />
          </intent-filter>
        </activity>
        <activity-alias android:name=".LegacyLinks" android:targetActivity=".ProductActivity"
            android:exported="true">
          <intent-filter>
            <action android:name="android.intent.action.VIEW" />
            <category android:name="android.intent.category.BROWSABLE" />
            <data android:scheme="http" android:host="old.example.com" />
          </intent-filter>
        </activity-alias>
      </application>
    </manifest>
    """

  static let strings = [
    "app_name": "Shop", "shop_host": "shop.example.com", "offers_host": "offers.example.com",
  ]

  static let urls = [
    "https://shop.example.com/products/42", "https://shop.example.com/cart",
    "https://www.example.com/p/7", "https://www.example.com/products/1",
    "https://offers.example.com/offer", "https://a.deals.example.com/offer",
    "https://offers.example.com/other", "http://old.example.com/x",
    "https://elsewhere.example.org/",
  ]
}
