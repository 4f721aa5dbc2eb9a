namespace ZTS.Shared.Conversion
{
    /// <summary>
    /// Where a converted value sits, for error texts: "argument 2 of 'T.M'", "return value of 'm.f'",
    /// "element 3 of argument 1 of 'T.M'". A struct built on every call and turned into text only when a
    /// conversion fails, so the success path allocates nothing.
    /// </summary>
    internal struct Where
    {
        // The indices are 8-byte fields on purpose: Mono copies a struct in 8-byte moves, and an 8-byte load of a
        // 4-byte store cannot be forwarded; with int fields every Where built and passed stalled (~10 ns a
        // conversion).
        private readonly string _what;   // "argument", "return value", "ref/out argument", or a whole text
        private readonly long _index;    // 0-based argument index; -1 when _what is the whole text
        private readonly string _owner;  // 'T.M' (quoted when shown)
        private readonly long _element;  // 0-based element index inside a JS array; -1 for none

        private Where(string what, long index, string owner, long element)
        {
            _what = what;
            _index = index;
            _owner = owner;
            _element = element;
        }

        /// <summary>Argument index (0-based) of member or delegate `owner`.</summary>
        public static Where Argument(int index, string owner)
        {
            return new Where("argument", index, owner, -1);
        }

        /// <summary>The return value of `owner`.</summary>
        public static Where Result(string owner)
        {
            return new Where("return value", -1, owner, -1);
        }

        /// <summary>A free-form location text (Table members, opaque handles, zts.ref boxes).</summary>
        public static Where Text(string text)
        {
            return new Where(text, -1, null, -1);
        }

        /// <summary>Element `element` (0-based) of the JS array at this location.</summary>
        public Where Element(int element)
        {
            return new Where(_what, _index, _owner, element);
        }

        /// <summary>The location as shown in `zts:` errors.</summary>
        public override string ToString()
        {
            string place = _owner == null ? _what
                : _index >= 0 ? _what + " " + (_index + 1) + " of '" + _owner + "'"
                : _what + " of '" + _owner + "'";
            return _element >= 0 ? "element " + _element + " of " + place : place;
        }
    }
}
