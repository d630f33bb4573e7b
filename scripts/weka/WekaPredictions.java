// Reference predictions of Weka's IBk (k = 10) and SMO (quadratic kernel, C = 0.1) — the papers' curve
// learners — on fixed folds, for featrank's learner tests; also IBk with its scaling ranges fixed to the
// training fold's (`ibk-train-ranges`: Weka's IBk otherwise widens them with every test instance it
// classifies, which featrank does not do). Usage:
//   java -cp weka.jar:. WekaPredictions DATA_DIR > weka_predictions.csv
// For each dataset the folds are stratified 10-fold with a fixed seed (the fold of every row is in the
// output, so featrank evaluates exactly the same splits); features enter in file order (an FFA curve of
// the file order) and each fold is fitted at sizes 1, 2, 3, 5, 10 and all.
// Output: dataset,kind,size,values, values space-separated, one per data row in file order: per dataset a
// `folds` line (each row's test fold), a `classes` line (the class names; a prediction is an index into
// it), then one line of predictions per (learner, size), each row predicted by the model of its fold.
import java.io.File;
import java.util.*;
import weka.classifiers.Classifier;
import weka.classifiers.functions.SMO;
import weka.classifiers.functions.supportVector.PolyKernel;
import weka.classifiers.lazy.IBk;
import weka.core.Instance;
import weka.core.Instances;
import weka.core.neighboursearch.LinearNNSearch;
import weka.core.converters.ConverterUtils.DataSource;
import weka.filters.Filter;
import weka.filters.unsupervised.attribute.Remove;

public class WekaPredictions {
    // name, file: bundled classification sets with the class as last attribute — numeric with a constant
    // feature (ionosphere's a02), three classes (iris), nominal with missing values (vote), numeric (diabetes).
    static final String[][] SETS = {
        {"ionosphere", "ionosphere.arff"},
        {"iris", "iris.arff"},
        {"vote", "vote.arff"},
        {"diabetes", "diabetes.arff"},
    };
    static final int FOLDS = 10;
    static final int[] SIZES = {1, 2, 3, 5, 10, Integer.MAX_VALUE};

    public static void main(String[] args) throws Exception {
        Locale.setDefault(Locale.ROOT);
        System.out.println("dataset,kind,size,values");
        for (String[] set : SETS) {
            Instances data = DataSource.read(new File(args[0], set[1]).getPath());
            data.setClassIndex(data.numAttributes() - 1);
            int[] fold = stratifiedFolds(data, 1);
            int features = data.numAttributes() - 1;
            StringJoiner folds = new StringJoiner(" "), classes = new StringJoiner(" ");
            for (int f : fold) folds.add(String.valueOf(f));
            for (int c = 0; c < data.numClasses(); c++) classes.add(data.classAttribute().value(c));
            System.out.println(set[0] + ",folds,0," + folds);
            System.out.println(set[0] + ",classes,0," + classes);
            for (String learner : new String[] {"ibk", "ibk-train-ranges", "smo"}) {
                for (int size : SIZES) {
                    if (size > features && size != Integer.MAX_VALUE) continue;
                    int m = Math.min(size, features);
                    Instances subset = firstFeatures(data, m);
                    int[] predicted = new int[data.numInstances()];
                    for (int f = 0; f < FOLDS; f++) {
                        Instances train = new Instances(subset, 0), test = new Instances(subset, 0);
                        List<Integer> testRows = new ArrayList<>();
                        for (int i = 0; i < subset.numInstances(); i++) {
                            if (fold[i] == f) {
                                test.add(subset.instance(i));
                                testRows.add(i);
                            } else {
                                train.add(subset.instance(i));
                            }
                        }
                        Classifier c = classifier(learner);
                        c.buildClassifier(train);
                        for (int t = 0; t < test.numInstances(); t++) {
                            predicted[testRows.get(t)] = (int) c.classifyInstance(test.instance(t));
                        }
                    }
                    StringJoiner line = new StringJoiner(" ");
                    for (int p : predicted) line.add(String.valueOf(p));
                    System.out.println(set[0] + "," + learner + "," + m + "," + line);
                }
            }
        }
    }

    // Stratified folds: each class's rows shuffled with java.util.Random(seed), then dealt round-robin,
    // the classes one after another (as Weka's Instances.stratify deals them).
    static int[] stratifiedFolds(Instances data, long seed) {
        Random random = new Random(seed);
        int[] fold = new int[data.numInstances()];
        int next = 0;
        for (int c = 0; c < data.numClasses(); c++) {
            List<Integer> rows = new ArrayList<>();
            for (int i = 0; i < data.numInstances(); i++) {
                if ((int) data.instance(i).classValue() == c) rows.add(i);
            }
            Collections.shuffle(rows, random);
            for (int i : rows) fold[i] = next++ % FOLDS;
        }
        return fold;
    }

    // The first m features (file order) and the class.
    static Instances firstFeatures(Instances data, int m) throws Exception {
        Remove remove = new Remove();
        remove.setAttributeIndices("1-" + m + "," + data.numAttributes());
        remove.setInvertSelection(true);
        remove.setInputFormat(data);
        Instances out = Filter.useFilter(data, remove);
        out.setClassIndex(out.numAttributes() - 1);
        return out;
    }

    static Classifier classifier(String name) throws Exception {
        if (name.startsWith("ibk")) {
            IBk ibk = new IBk();
            ibk.setKNN(10); // LinearNNSearch with normalised EuclideanDistance, no distance weighting
            if (name.equals("ibk-train-ranges")) {
                // IBk.distributionForInstance calls addInstanceInfo, which widens the distance's ranges.
                ibk.setNearestNeighbourSearchAlgorithm(new LinearNNSearch() {
                    @Override
                    public void addInstanceInfo(Instance ins) {}
                });
            }
            return ibk;
        }
        // The papers' SVM: quadratic kernel <x,y>^2 (PolyKernel, exponent 2, no lower-order terms), C = 0.1,
        // SMO's default normalisation, nominal-to-binary and missing-value replacement.
        SMO smo = new SMO();
        smo.setC(0.1);
        PolyKernel kernel = new PolyKernel();
        kernel.setExponent(2.0);
        smo.setKernel(kernel);
        return smo;
    }
}
