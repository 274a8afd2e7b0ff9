/// A line diff of expected against actual, for people: common lines prefixed `  `, lines only
/// expected `- `, lines only actual `+ `, in order (a replaced line reads `- ` then `+ `) (longest common subsequence; the lists are short).
enum LineDiff {
    static func render(expected: [String], actual: [String]) -> [String] {
        let rows = expected.count
        let columns = actual.count
        var common = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                common[row][column] =
                    expected[row] == actual[column]
                    ? common[row + 1][column + 1] + 1 : max(common[row + 1][column], common[row][column + 1])
            }
        }
        var lines: [String] = []
        var row = 0
        var column = 0
        while row < rows || column < columns {
            if row < rows, column < columns, expected[row] == actual[column] {
                lines.append("  " + expected[row])
                row += 1
                column += 1
            } else if row < rows, column == columns || common[row + 1][column] >= common[row][column + 1] {
                lines.append("- " + expected[row])
                row += 1
            } else {
                lines.append("+ " + actual[column])
                column += 1
            }
        }
        return lines
    }
}
