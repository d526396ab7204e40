// Google's gumbo (Debian's libgumbo-dev): an HTML5 parser that follows the specification's
// tokenizer and tree builder, so comments, raw-text elements and character references come out
// as a browser sees them, with a source position for every element and attribute.
#include <gumbo.h>
