// A small JSON reader and writer, so the client needs nothing beyond the base
// class library (Unity's JsonUtility cannot read maps or the proto3 JSON that
// the gateway answers). Objects are Dictionary<string, object>, arrays
// List<object>, numbers double, and strings, bools and null as themselves.
using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Gammond
{
    public static class Json
    {
        public static string Write(object value)
        {
            var output = new StringBuilder();
            WriteValue(output, value);
            return output.ToString();
        }

        public static object Read(string text)
        {
            int at = 0;
            object value = ReadValue(text, ref at);
            SkipSpace(text, ref at);
            if (at != text.Length) throw new FormatException("JSON: trailing text at " + at);
            return value;
        }

        static void WriteValue(StringBuilder output, object value)
        {
            // Plain type tests, not pattern matching: Mono's mcs (which CI compiles with) lacks it.
            if (value == null) output.Append("null");
            else if (value is string) WriteString(output, (string)value);
            else if (value is bool) output.Append((bool)value ? "true" : "false");
            else if (value is IDictionary<string, object>)
            {
                output.Append('{');
                bool first = true;
                foreach (var pair in (IDictionary<string, object>)value)
                {
                    if (!first) output.Append(',');
                    first = false;
                    WriteString(output, pair.Key);
                    output.Append(':');
                    WriteValue(output, pair.Value);
                }
                output.Append('}');
            }
            else if (value is IEnumerable)
            {
                output.Append('[');
                bool first = true;
                foreach (var item in (IEnumerable)value)
                {
                    if (!first) output.Append(',');
                    first = false;
                    WriteValue(output, item);
                }
                output.Append(']');
            }
            else if (value is IFormattable) output.Append(((IFormattable)value).ToString(null, CultureInfo.InvariantCulture));
            else throw new ArgumentException("JSON: cannot write " + value.GetType());
        }

        static void WriteString(StringBuilder output, string s)
        {
            output.Append('"');
            foreach (char c in s)
            {
                switch (c)
                {
                    case '"': output.Append("\\\""); break;
                    case '\\': output.Append("\\\\"); break;
                    case '\n': output.Append("\\n"); break;
                    case '\r': output.Append("\\r"); break;
                    case '\t': output.Append("\\t"); break;
                    default:
                        if (c < ' ') output.Append("\\u").Append(((int)c).ToString("x4"));
                        else output.Append(c);
                        break;
                }
            }
            output.Append('"');
        }

        static void SkipSpace(string text, ref int at)
        {
            while (at < text.Length && char.IsWhiteSpace(text[at])) at++;
        }

        static object ReadValue(string text, ref int at)
        {
            SkipSpace(text, ref at);
            if (at >= text.Length) throw new FormatException("JSON: unexpected end");
            char c = text[at];
            if (c == '{')
            {
                var map = new Dictionary<string, object>();
                at++;
                SkipSpace(text, ref at);
                if (text[at] == '}') { at++; return map; }
                while (true)
                {
                    SkipSpace(text, ref at);
                    string key = ReadString(text, ref at);
                    SkipSpace(text, ref at);
                    Expect(text, ref at, ':');
                    map[key] = ReadValue(text, ref at);
                    SkipSpace(text, ref at);
                    if (text[at] == ',') { at++; continue; }
                    Expect(text, ref at, '}');
                    return map;
                }
            }
            if (c == '[')
            {
                var list = new List<object>();
                at++;
                SkipSpace(text, ref at);
                if (text[at] == ']') { at++; return list; }
                while (true)
                {
                    list.Add(ReadValue(text, ref at));
                    SkipSpace(text, ref at);
                    if (text[at] == ',') { at++; continue; }
                    Expect(text, ref at, ']');
                    return list;
                }
            }
            if (c == '"') return ReadString(text, ref at);
            if (text.Length - at >= 4 && string.CompareOrdinal(text, at, "true", 0, 4) == 0) { at += 4; return true; }
            if (text.Length - at >= 5 && string.CompareOrdinal(text, at, "false", 0, 5) == 0) { at += 5; return false; }
            if (text.Length - at >= 4 && string.CompareOrdinal(text, at, "null", 0, 4) == 0) { at += 4; return null; }
            int start = at;
            while (at < text.Length && "+-0123456789.eE".IndexOf(text[at]) >= 0) at++;
            if (start == at) throw new FormatException("JSON: unexpected '" + c + "' at " + at);
            return double.Parse(text.Substring(start, at - start), CultureInfo.InvariantCulture);
        }

        static void Expect(string text, ref int at, char c)
        {
            if (at >= text.Length || text[at] != c) throw new FormatException("JSON: expected '" + c + "' at " + at);
            at++;
        }

        static string ReadString(string text, ref int at)
        {
            Expect(text, ref at, '"');
            var output = new StringBuilder();
            while (text[at] != '"')
            {
                char c = text[at++];
                if (c != '\\') { output.Append(c); continue; }
                char e = text[at++];
                switch (e)
                {
                    case 'n': output.Append('\n'); break;
                    case 'r': output.Append('\r'); break;
                    case 't': output.Append('\t'); break;
                    case 'b': output.Append('\b'); break;
                    case 'f': output.Append('\f'); break;
                    case 'u':
                        output.Append((char)int.Parse(text.Substring(at, 4), NumberStyles.HexNumber));
                        at += 4;
                        break;
                    default: output.Append(e); break;
                }
            }
            at++;
            return output.ToString();
        }
    }
}
