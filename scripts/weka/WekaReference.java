// Reference attribute scores from Weka's own attribute evaluators, at full precision (Double.toString
// round-trips), for featrank's Weka-convention tests. Usage:
//   java -cp weka.jar:. WekaReference DATA_DIR > weka_scores.csv
// Output: dataset,evaluator,feature,score with one row per (dataset, evaluator, non-class attribute).
// Writes weka_scores.csv's content to stdout; scripts/weka/references.sh puts it in tests/reference/.
import java.io.File;
import java.util.Locale;
import weka.attributeSelection.*;
import weka.core.Instances;
import weka.core.converters.ConverterUtils.DataSource;
import weka.filters.Filter;
import weka.filters.unsupervised.attribute.NumericToNominal;

public class WekaReference {
    // name, file, class attribute: the classification sets bundled in data/ (data/README.md).
    static final String[][] SETS = {
        {"breast-cancer", "breast-cancer.arff", "Class"},
        {"breast-w", "breast-w.arff", "Class"},
        {"credit-g", "credit-g.arff", "class"},
        {"diabetes", "diabetes.arff", "class"},
        {"glass", "glass.arff", "Type"},
        {"ionosphere", "ionosphere.arff", "class"},
        {"iris", "iris.arff", "class"},
        {"labor", "labor.arff", "class"},
        {"segment", "segment.arff", "class"},
        {"sonar", "sonar.arff", "Class"},
        {"soybean", "soybean.arff", "class"},
        {"vote", "vote.arff", "Class"},
        {"wdbc", "wdbc.csv", "diagnosis"},
        {"wine", "wine.csv", "class"},
        {"diabetes-progression", "diabetes-progression.csv", "progression"},
    };
    static final String[] CLASSIFICATION = {"info-gain", "gain-ratio", "symmetrical-uncertainty", "chi2", "relieff", "svm-rfe"};
    static final String[] REGRESSION = {"relieff"};

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        System.out.println("dataset,evaluator,feature,score");
        for (String[] set : SETS) {
            Instances data = DataSource.read(new File(args[0], set[1]).getPath());
            int classIndex = data.attribute(set[2]).index();
            boolean regression = set[0].equals("diabetes-progression");
            if (!regression && data.attribute(classIndex).isNumeric()) {
                // A CSV class column of codes (wdbc's 0/1) is read as numeric; the task is classification.
                NumericToNominal toNominal = new NumericToNominal();
                toNominal.setAttributeIndices(String.valueOf(classIndex + 1));
                toNominal.setInputFormat(data);
                data = Filter.useFilter(data, toNominal);
            }
            data.setClassIndex(classIndex);
            for (String name : regression ? REGRESSION : CLASSIFICATION) {
                ASEvaluation ev = evaluator(name);
                // SVMAttributeEval takes numeric and two-valued nominal attributes only: skip the rest.
                if (!ev.getCapabilities().test(data)) continue;
                ev.buildEvaluator(data);
                for (int a = 0; a < data.numAttributes(); a++) {
                    if (a == classIndex) continue;
                    double s = ((AttributeEvaluator) ev).evaluateAttribute(a);
                    System.out.println(set[0] + "," + name + "," + quote(data.attribute(a).name()) + "," + Double.toString(s));
                }
            }
        }
    }

    static ASEvaluation evaluator(String name) {
        switch (name) {
            case "info-gain": return new InfoGainAttributeEval();
            case "gain-ratio": return new GainRatioAttributeEval();
            case "symmetrical-uncertainty": return new SymmetricalUncertAttributeEval();
            case "chi2": return new ChiSquaredAttributeEval();
            case "relieff": {
                // k = 10 nearest neighbours, every instance as reference, no distance weighting (defaults,
                // set explicitly); RReliefF when the class is numeric.
                ReliefFAttributeEval r = new ReliefFAttributeEval();
                r.setNumNeighbours(10);
                r.setSampleSize(-1);
                r.setWeightByDistance(false);
                return r;
            }
            case "svm-rfe": {
                // The thesis' linear SVM: C = 0.1, one attribute eliminated per iteration; SMO's
                // normalisation and SVMAttributeEval's tolerances (1e-10, epsilon 1e-25) as shipped.
                SVMAttributeEval r = new SVMAttributeEval();
                r.setComplexityParameter(0.1);
                r.setAttsToEliminatePerIteration(1);
                r.setPercentToEliminatePerIteration(0);
                return r;
            }
            default: throw new IllegalArgumentException(name);
        }
    }

    static String quote(String s) {
        return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
